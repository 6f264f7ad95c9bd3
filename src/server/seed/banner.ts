import type { FirstStartReport, UnusedPassword } from './first-start.js';

/** Draws lines in a box so credentials stand out in a busy terminal. */
export function box(lines: readonly string[]): string {
  const width = Math.max(...lines.map((line) => line.length));
  const edge = '─'.repeat(width + 2);
  return [`┌${edge}┐`, ...lines.map((line) => `│ ${line.padEnd(width)} │`), `└${edge}┘`].join('\n');
}

/** What the operator reads once, at first start: where to go and how to log in. */
export function firstStartBanner(report: FirstStartReport, url: string): string {
  const lines = [
    'Associa: first start, accounts created',
    '',
    `  Open:      ${url}`,
    `  Username:  ${report.admin.username}`,
    `  Password:  ${report.passwordFile === null ? '(the value of ASSOCIA_ADMIN_PASSWORD)' : report.admin.password}`,
    '',
  ];
  if (report.demoAccounts.length > 0) {
    lines.push('Demo accounts (test mode, fictitious data):');
    for (const account of report.demoAccounts) {
      lines.push(`  ${account.role.padEnd(7)} ${account.username.padEnd(8)} ${account.password}`);
    }
    lines.push('');
  }
  lines.push('Passwords are shown only this once; the server keeps only their hashes.');
  if (report.passwordFile !== null) {
    lines.push(`The ${report.admin.username} password is also in ${report.passwordFile}`);
    lines.push('(readable only by this user) until that account first logs in.');
  }
  return box(lines);
}

/** Printed at a later start while the first-start password has not been used: where it is, never what. */
export function unusedPasswordNotice(unused: UnusedPassword): string {
  return (
    `The first-start password of the account "${unused.username}" has not been used yet: ` +
    `it is in ${unused.file} (readable only by this user), until that account first logs in.`
  );
}
