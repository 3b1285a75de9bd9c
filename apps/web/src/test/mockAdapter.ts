import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { vi } from 'vitest';

export interface MockAnswer {
  status: number;
  data?: unknown;
}

/**
 * An axios adapter answering from `respond`, settling like the real adapters do (validateStatus decides);
 * `respond` returning an Error simulates a network failure.
 */
export function mockAdapter(respond: (config: InternalAxiosRequestConfig) => MockAnswer | Error) {
  return vi.fn(async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const answer = respond(config);
    if (answer instanceof Error) throw new AxiosError(answer.message, AxiosError.ERR_NETWORK, config, {});
    const response: AxiosResponse = {
      data: answer.data,
      status: answer.status,
      statusText: String(answer.status),
      headers: {},
      config,
      request: {},
    };
    if (!config.validateStatus || config.validateStatus(answer.status)) return response;
    throw new AxiosError(
      `Request failed with status code ${answer.status}`,
      AxiosError.ERR_BAD_RESPONSE,
      config,
      {},
      response,
    );
  });
}

/** A successful R envelope. */
export function ok<T>(data: T): MockAnswer {
  return { status: 200, data: { code: 200, success: true, msg: '操作成功', data } };
}
