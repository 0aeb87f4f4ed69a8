export * from './audit-log';
export * from './customers';
export * from './idempotency-keys';
export * from './last-viewed';
export * from './login-failures';
export * from './refresh-tokens';
export * from './sessions';
export * from './staff';
