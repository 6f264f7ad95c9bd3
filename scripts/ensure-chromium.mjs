#!/usr/bin/env node
// Finds a Chromium for the browser tests, installing Debian's package when running as root.
// Test tools must not download a browser of their own, so this is the only source.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/**
 * Flags for every headless Chromium the tests start: as root it needs --no-sandbox; this
 * machine has no GPU, a small /dev/shm and no internet (background requests only fail);
 * pt-PT so dates and numbers are shown as our users see them.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--lang=pt-PT',
];

export function findChromium() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROME_PATH is set to ${fromEnv}, but no file is there.`);
  }
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
    throw new Error(
      'Chromium is needed for the browser tests and was not found at /usr/bin/chromium.\n' +
        'Install it with `sudo apt-get install -y chromium`, or set CHROME_PATH to a Chromium or Chrome binary.',
    );
  }
  console.log('Chromium not found: installing Debian\'s chromium package (apt-get)...');
  execFileSync('apt-get', ['update'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  const installed = findChromium();
  if (!installed) throw new Error('apt-get finished but /usr/bin/chromium is still missing.');
  return installed;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    console.log(ensureChromium());
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
}
