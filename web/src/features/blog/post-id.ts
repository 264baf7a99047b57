/**
 * The post id in /blog/{id}, or NaN for anything the server would not take
 * as one ("3", not "03", "+3" or "3.0"), so the app and the server agree on
 * which addresses are not found.
 */
export function postIdFromParam(param: string | undefined): number {
  return param && /^[1-9]\d{0,15}$/.test(param) ? Number(param) : NaN
}
