import { PRODUCT_STORAGE_PREFIX } from '@cube/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as patentApi from '../api/patent';
import { clearAll, getStore } from '../lib/storage';
import { loadCompanyList } from './companies';

const company = (id: string, uniName: string) => ({
  id,
  uniName,
  creditCode: '',
  address: '',
  contact: '',
  phone: '',
  industry: '',
});

describe('company list and customer', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

  it('writes the customer under the product prefix in session storage, keeps it while authorised, and logout clears it', async () => {
    const fetch = vi
      .spyOn(patentApi, 'fetchAuthCompanies')
      .mockResolvedValue([company('1', '甲公司'), company('2', '乙公司')]);
    await loadCompanyList();
    const key = `${PRODUCT_STORAGE_PREFIX}-customer`;
    expect(JSON.parse(window.sessionStorage.getItem(key) ?? 'null')).toMatchObject({
      content: { id: '1', uniName: '甲公司' },
    });
    expect(window.localStorage.getItem(key)).toBeNull();

    // The customer stays the same while still authorised; when it is not any more, the first one is taken.
    window.sessionStorage.setItem(
      key,
      JSON.stringify({
        dataType: 'object',
        content: { id: '2', uniName: '乙公司' },
        type: 'session',
        datetime: 1,
      }),
    );
    await loadCompanyList();
    expect(getStore('customer')).toEqual({ id: '2', uniName: '乙公司' });
    fetch.mockResolvedValue([company('3', '丙公司')]);
    await loadCompanyList();
    expect(getStore('customer')).toEqual({ id: '3', uniName: '丙公司' });
    fetch.mockResolvedValue([]);
    await loadCompanyList();
    expect(getStore('customer')).toBeUndefined();

    fetch.mockResolvedValue([company('1', '甲公司')]);
    await loadCompanyList();
    clearAll();
    expect(window.sessionStorage.getItem(key)).toBeNull();
  });
});
