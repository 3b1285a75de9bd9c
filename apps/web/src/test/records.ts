/** The audit columns every record of the contract carries, for test fixtures. */
export const auditFields = (createTime = '2026-01-02 03:04:05') => ({
  createUser: '',
  createDept: '',
  createTime,
  updateUser: '',
  updateTime: createTime,
  status: 1,
  isDeleted: 0,
});
