/** Sets (or, with null, removes) the XSRF-TOKEN cookie as the server's Set-Cookie would. */
export function setXsrfCookie(value: string | null): void {
  const cookie =
    value === null ? 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/' : `XSRF-TOKEN=${value}; path=/`;
  // biome-ignore lint/suspicious/noDocumentCookie: the client reads document.cookie, and happy-dom has no Cookie Store API
  document.cookie = cookie;
}
