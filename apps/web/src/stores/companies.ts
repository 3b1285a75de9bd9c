import type { CompanyLookup } from '@cube/contract';
import { fetchAuthCompanies } from '../api/patent';
import { getStore, removeStore, setStore } from '../lib/storage';

/** The `customer` key: the company the signed-in user acts for, `{id, uniName}` (session storage). */
export type Customer = Pick<CompanyLookup, 'id' | 'uniName'>;

/**
 * The customer kept for the session from the authorised companies: the stored one while it is still among them,
 * else the first of them; none when the user acts for no company. It lives under the product prefix in session
 * storage, so it survives a site-key change but not the tab, and logout clears it with the session keys.
 */
export function chooseCustomer(companies: readonly CompanyLookup[]): Customer | undefined {
  const current = getStore<Customer>('customer');
  const kept = current && companies.find((c) => c.id === current.id);
  const chosen = kept ?? companies[0];
  if (!chosen) {
    removeStore('customer');
    return undefined;
  }
  const customer = { id: chosen.id, uniName: chosen.uniName };
  setStore('customer', customer, 'session');
  return customer;
}

/**
 * The `companyList` storage key: the companies the signed-in user is authorised for
 * (`cube-agent/companyDetail/listAuthCompany`), entries `{id, uniName}` plus their details, read after sign-in and
 * after a department/role switch, with the `customer` chosen among them. Logout clears both.
 */
export async function loadCompanyList(): Promise<void> {
  try {
    const companies = await fetchAuthCompanies();
    setStore('companyList', companies);
    chooseCustomer(companies);
  } catch (error) {
    console.warn('[companies] the company list could not be loaded', error);
  }
}
