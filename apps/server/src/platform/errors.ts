import { ResultCode, ResultMessage } from '@cube/contract';

/**
 * Errors a handler throws on purpose. Each maps to an HTTP status and an `R` body; the message is
 * what the user reads, so it is Chinese and never carries internals.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** A business rule refused the request (HTTP 400, code 400). */
export class BizError extends AppError {
  constructor(message: string = ResultMessage.FAILURE) {
    super(400, ResultCode.FAILURE, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message: string = ResultMessage.UNAUTHORIZED) {
    super(401, ResultCode.UNAUTHORIZED, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string = ResultMessage.FORBIDDEN) {
    super(403, ResultCode.FORBIDDEN, message);
  }
}

/** Also used for rows of another tenant: no data and no hint that they exist. */
export class NotFoundError extends AppError {
  constructor(message: string = ResultMessage.NOT_FOUND) {
    super(404, ResultCode.NOT_FOUND, message);
  }
}

/** A programming error: code reached tenant-owned data with no tenant in its context. Never shown to users. */
export class TenantContextMissingError extends Error {
  constructor() {
    super('tenant-owned data accessed without a tenant context');
    this.name = 'TenantContextMissingError';
  }
}
