import { fetchAuthCompanies } from '../api/patent';
import { setStore } from '../lib/storage';

/**
 * The `companyList` storage key: the companies the signed-in user is authorised for
 * (`cube-agent/companyDetail/listAuthCompany`), entries `{id, uniName}` plus their details, read after sign-in and
 * after a department/role switch. Logout clears it with the other site-prefixed keys.
 */
export async function loadCompanyList(): Promise<void> {
  try {
    setStore('companyList', await fetchAuthCompanies());
  } catch (error) {
    console.warn('[companies] the company list could not be loaded', error);
  }
}
