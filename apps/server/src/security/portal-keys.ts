import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunConfig } from '../config';

/** The two keys a demo start may make up: they open the sealed settings and sign sessions, so never in the database. */
type KeyVariable = 'JWT_SECRET' | 'SETTINGS_KEY';
type Keys = Partial<Record<KeyVariable, string>>;

/** The key file of a demo start, in its data folder (mode 0600). */
export const KEY_FILE = 'portal-keys.json';
/** Where earlier demo starts kept the keys (system_settings): read once to migrate, then deleted. */
export const legacyKeyRows: Record<KeyVariable, string> = { JWT_SECRET: 'token_secret', SETTINGS_KEY: 'settings_key' };

/** DATA_DIR=memory: one random pair per process, so instances of one process (tests) share them. */
const memoryKeys: Keys = {};

async function readKeyFile(path: string): Promise<Keys | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const parsed = JSON.parse(text) as Keys;
  // A key file others can read is made private again (an operator's copy, a restore from a backup).
  if (((await stat(path)).mode & 0o077) !== 0) await chmod(path, 0o600);
  return parsed;
}

/**
 * Writes the key file with mode 0600 from its first byte (a temporary file put in place). A first file is linked, not
 * renamed: of two instances starting at once on one data folder, the second finds the first's file (false) and reads it.
 */
async function writeKeyFile(path: string, keys: Keys, first: boolean): Promise<boolean> {
  const temp = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(keys, null, 2)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  if (!first) {
    await rename(temp, path);
    return true;
  }
  try {
    await link(temp, path);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    await unlink(temp);
  }
}

export interface LegacyKeyStore {
  /** A legacy row's value, or null. */
  value(key: string): Promise<unknown>;
  remove(key: string): Promise<void>;
}

/**
 * The token secret and the settings key of this start. Given in the environment (JWT_SECRET, SETTINGS_KEY) they are
 * used as given; made up by a demo start they are kept outside the database: in `<DATA_DIR>/portal-keys.json` (created
 * on the first start, mode 0600), or in memory for DATA_DIR=memory. A database dump alone opens nothing.
 *
 * Earlier demo starts kept them in system_settings: a key found there is adopted once (when no key file holds one yet),
 * or, when the key in use differs, the stored secrets are sealed again with it (`reseal`); the rows are then deleted.
 */
export async function portalKeys(
  config: Pick<RunConfig, 'generatedSecrets' | 'dataDir' | 'jwtSecret' | 'settingsKey'>,
  legacy: LegacyKeyStore,
  reseal: (oldKey: string, newKey: string) => Promise<void>,
): Promise<{ jwtSecret: string; settingsKey: string }> {
  const given: Record<KeyVariable, string> = { JWT_SECRET: config.jwtSecret, SETTINGS_KEY: config.settingsKey };
  const made = (['JWT_SECRET', 'SETTINGS_KEY'] as const).filter((v) => config.generatedSecrets.includes(v));
  const old: Keys = {};
  for (const v of ['JWT_SECRET', 'SETTINGS_KEY'] as const) {
    const value = await legacy.value(legacyKeyRows[v]);
    if (typeof value === 'string' && value) old[v] = value;
  }

  const keys: Record<KeyVariable, string> = { ...given };
  if (made.length) {
    const path = config.dataDir === 'memory' ? null : join(config.dataDir, KEY_FILE);
    const file = path ? await readKeyFile(path) : null;
    let kept: Keys = path ? (file ?? {}) : memoryKeys;
    const missing = made.filter((v) => !kept[v]);
    for (const v of missing) kept[v] = old[v] ?? given[v];
    if (path && missing.length) {
      await mkdir(config.dataDir, { recursive: true });
      if (!(await writeKeyFile(path, kept, file === null))) kept = (await readKeyFile(path)) ?? kept;
    }
    for (const v of made) keys[v] = kept[v] as string;
  }

  if (old.SETTINGS_KEY && old.SETTINGS_KEY !== keys.SETTINGS_KEY) await reseal(old.SETTINGS_KEY, keys.SETTINGS_KEY);
  for (const v of Object.keys(old) as KeyVariable[]) await legacy.remove(legacyKeyRows[v]);
  return { jwtSecret: keys.JWT_SECRET, settingsKey: keys.SETTINGS_KEY };
}
