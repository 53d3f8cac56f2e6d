/** An error whose message is meant for the user (Vietnamese) and whose status is not 500. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly out?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, out?: string) => new AppError(400, message, out);
export const unauthorized = (message = 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại.') => new AppError(401, message);
export const forbidden = (message = 'Bạn không có quyền thực hiện chức năng này.') => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const tooManyRequests = (message: string) => new AppError(429, message);
