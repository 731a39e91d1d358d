/** A value of the page's query string, read when the page acts (never at render: the server has no window). */
export const queryParam = (name: string): string => new URLSearchParams(window.location.search).get(name) ?? '';
