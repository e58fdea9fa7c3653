import { errorDefaults, type ErrorType } from './error-catalogue.js';

export type { ErrorType };

/**
 * The one error type of the backend. Thrown anywhere; mapped in one place (error-handler.ts)
 * to the protocol's body {message, code, type, version}.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly type: ErrorType,
    message?: string,
    status?: number,
  ) {
    const [defaultStatus, defaultMessage] = errorDefaults(type);
    super(message ?? defaultMessage);
    this.name = 'AppError';
    this.status = status ?? defaultStatus;
  }
}

/** 400 general_argument_invalid: the shape most client mistakes take. */
export const invalidArgument = (message: string) =>
  new AppError('general_argument_invalid', message);
