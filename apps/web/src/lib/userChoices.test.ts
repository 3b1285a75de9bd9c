import { describe, expect, it } from 'vitest';
import { userChoiceOptions } from './userChoices';

describe('userChoiceOptions', () => {
  it('labels users by their names, without the account', () => {
    expect(
      userChoiceOptions([
        { id: '1', account: 'agent', realName: '王芳' },
        { id: '2', account: 'manager', name: '李经理', realName: '' },
        { id: '3', account: 'clerk' },
      ]),
    ).toEqual([
      { value: '1', label: '王芳' },
      { value: '2', label: '李经理' },
      { value: '3', label: 'clerk' },
    ]);
  });

  it('adds the account only where two people share a name', () => {
    const options = userChoiceOptions([
      { id: '1', account: 'wangfang', realName: '王芳' },
      { id: '2', account: 'wangfang2', realName: '王芳' },
      { id: '3', account: 'li', realName: '李四' },
    ]);
    expect(options.map((o) => o.label)).toEqual(['王芳（wangfang）', '王芳（wangfang2）', '李四']);
  });
});
