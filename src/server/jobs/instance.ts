import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config.js';

/**
 * Who claims a run: the instance, a name that outlives restarts, and the process, new at every
 * start. A running row whose instance is this one but whose process is not was left by this
 * instance's previous process, which is gone (this one replaced it): it is taken back at once
 * instead of after its lease (decision 0048).
 */
export interface Claimer {
  instance: string;
  process: string;
}

/** The file in the data directory holding the instance's name when ASSOCIA_INSTANCE_ID is not set. */
export const INSTANCE_ID_FILE = 'instance-id';

/** This process's name: one per process, so engines started by one process are one claimer. */
const PROCESS_ID = randomUUID();

/**
 * The name the data directory gives its instance, made on the first start. Written with `wx`:
 * two processes starting together on a new directory keep the first one's name.
 */
function dataDirName(dataDir: string): string {
  const file = path.join(dataDir, INSTANCE_ID_FILE);
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, `${randomUUID()}\n`, { flag: 'wx' });
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error;
  }
  const name = fs.readFileSync(file, 'utf8').trim();
  if (!name) throw new Error(`${file} is empty: delete it (a new name is made at start) or set ASSOCIA_INSTANCE_ID`);
  return name;
}

/**
 * ASSOCIA_INSTANCE_ID as given; otherwise the host's name with the data directory's. The host
 * keeps apart instances on several machines that mount one shared data directory (PostgreSQL
 * deployments share the files); two processes on one host sharing one data directory must
 * each set ASSOCIA_INSTANCE_ID, or each would take the other's runs back when it starts.
 */
export function instanceName(config: Pick<Config, 'instanceId' | 'dataDir'>): string {
  return config.instanceId ?? `${os.hostname()}/${dataDirName(config.dataDir)}`;
}

export function claimerOf(config: Pick<Config, 'instanceId' | 'dataDir'>): Claimer {
  return { instance: instanceName(config), process: PROCESS_ID };
}
