/** Public pages that work without login (SPEC 2): card verification and e-mail confirmation. */
export function isPublicPath(pathname: string): boolean {
  return pathname.startsWith('/v/') || pathname.startsWith('/inscricao/confirmacao/');
}
