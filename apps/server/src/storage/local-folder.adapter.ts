import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { badRequest } from '../http/errors';
import { badName, checkFileName, isFolderId } from './upload-checks';
import type { StoredUpload, UploadCaps, UploadStore } from './upload-store.port';

export const storeMessages = {
  fileTooLarge: 'Tệp vượt quá dung lượng cho phép.',
  folderFull: 'Tổng dung lượng các tệp vượt quá dung lượng cho phép.',
};

/**
 * The local-folder store: `root/<folder uuid>/<name>`. Every path is resolved and checked to stay
 * inside its folder, and the caps hold per file and per folder. Writes to one folder are queued in
 * this process, so two parallel writes cannot pass the folder cap together here (several instances
 * on one shared folder rely on the caller's own check under a database lock, as customs does).
 */
export function createLocalFolderStore(root: string, caps: UploadCaps): UploadStore {
  const base = resolve(root);
  const dirOf = (folder: string) => {
    if (!isFolderId(folder)) throw badName();
    return join(base, folder.toLowerCase());
  };
  const pathOf = (folder: string, name: string) => {
    const dir = dirOf(folder);
    const path = resolve(dir, checkFileName(name));
    if (!path.startsWith(dir + sep)) throw badName();
    return { dir, path };
  };
  const queues = new Map<string, Promise<unknown>>();
  /** Runs `fn` after the folder's earlier writes (one writer per folder in this process). */
  function inTurn<T>(dir: string, fn: () => Promise<T>): Promise<T> {
    const run = (queues.get(dir) ?? Promise.resolve()).catch(() => undefined).then(fn);
    queues.set(dir, run);
    void run.finally(() => queues.get(dir) === run && queues.delete(dir)).catch(() => undefined);
    return run;
  }

  async function list(folder: string): Promise<StoredUpload[]> {
    const dir = dirOf(folder);
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return [];
    }
    const files = await Promise.all(
      names.map(async (name) => {
        const s = await stat(join(dir, name)).catch(() => null);
        return s?.isFile() ? { name, size: s.size } : null;
      }),
    );
    return files.filter((f): f is StoredUpload => !!f).sort((a, b) => a.name.localeCompare(b.name));
  }

  return {
    async write(folder, name, data) {
      const { dir, path } = pathOf(folder, name);
      if (data.length > caps.maxFileBytes) throw badRequest(storeMessages.fileTooLarge);
      await inTurn(dir, async () => {
        const others = (await list(folder)).filter((f) => f.name !== checkFileName(name));
        if (others.reduce((s, f) => s + f.size, 0) + data.length > caps.maxFolderBytes) throw badRequest(storeMessages.folderFull);
        await mkdir(dir, { recursive: true });
        await writeFile(path, data, { flag: 'w' });
      });
    },
    async read(folder, name) {
      const { path } = pathOf(folder, name);
      try {
        return await readFile(path);
      } catch {
        return null;
      }
    },
    async remove(folder, name) {
      const { path } = pathOf(folder, name);
      await rm(path, { force: true });
    },
    list,
    async removeFolder(folder) {
      await rm(dirOf(folder), { recursive: true, force: true });
    },
  };
}

/**
 * The store's root folder: the configured one, or (UPLOAD_DIR 'memory', tests) a temporary folder
 * that `close` removes with everything in it.
 */
export async function openUploadRoot(configured: string | 'memory'): Promise<{ root: string; close(): Promise<void> }> {
  if (configured !== 'memory') return { root: configured, close: async () => {} };
  const root = await mkdtemp(join(tmpdir(), 'smartport-uploads-'));
  return { root, close: () => rm(root, { recursive: true, force: true }) };
}
