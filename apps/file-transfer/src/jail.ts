import { realpath } from 'node:fs/promises';
import { dirname, isAbsolute, join, posix, relative } from 'node:path';

/**
 * An account's view of the disk: its root folder as `/` and its virtual folders (`/CTL` → a folder
 * elsewhere in the data home). Every SFTP path goes through `resolve`: the client's path is
 * normalised as an absolute path under `/` (so `..` stops at the root), mapped onto its folder, and the
 * real path of what exists (the target, or its nearest existing parent for a new name) must still lie
 * inside that folder: a symbolic link placed on the disk cannot lead out either.
 */
export interface Mount {
  /** '/' for the root, '/NAME' for a virtual folder. */
  virtual: string;
  /** The folder on disk (absolute, real path). */
  real: string;
}

export class OutsideRoot extends Error {
  constructor() {
    super('outside the account root');
  }
}

const inside = (base: string, p: string) => {
  const rel = relative(base, p);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

export class Jail {
  private readonly mounts: Mount[];
  constructor(mounts: Mount[]) {
    // Longest virtual path first: '/CTL/x' belongs to '/CTL', not to '/'.
    this.mounts = [...mounts].sort((a, b) => b.virtual.length - a.virtual.length);
  }

  /** The client's path as the account sees it: absolute, no '.', '..' or '//' (relative paths start at '/'). */
  static normalize(path: string): string {
    return posix.resolve('/', path.replace(/\\/g, '/'));
  }

  /** The virtual folders directly under '/', for listing the root. */
  get virtualFolders(): string[] {
    return this.mounts.filter((m) => m.virtual !== '/').map((m) => m.virtual.slice(1));
  }

  /** Is this virtual path a mount point (a virtual folder itself, or the root)? */
  isMountPoint(virtualPath: string): boolean {
    return this.mounts.some((m) => m.virtual.toLowerCase() === virtualPath.toLowerCase());
  }

  private mountOf(v: string): { mount: Mount; rest: string } {
    for (const m of this.mounts) {
      if (m.virtual === '/') return { mount: m, rest: v.slice(1) };
      const lower = v.toLowerCase();
      const mv = m.virtual.toLowerCase();
      if (lower === mv) return { mount: m, rest: '' };
      if (lower.startsWith(`${mv}/`)) return { mount: m, rest: v.slice(m.virtual.length + 1) };
    }
    throw new OutsideRoot();
  }

  /**
   * The real path of a client path, checked against symbolic links. Throws `OutsideRoot` when it
   * would leave the account's folders; a missing path resolves (for creating it) when its parent
   * is inside.
   */
  async resolve(path: string): Promise<{ virtual: string; real: string }> {
    const virtual = Jail.normalize(path);
    const { mount, rest } = this.mountOf(virtual);
    const real = rest ? join(mount.real, ...rest.split('/')) : mount.real;
    if (!inside(mount.real, real)) throw new OutsideRoot();
    // The deepest part that exists, through its links, must still be inside the mount.
    let probe = real;
    for (;;) {
      try {
        const actual = await realpath(probe);
        if (!inside(mount.real, actual)) throw new OutsideRoot();
        break;
      } catch (e) {
        if (e instanceof OutsideRoot) throw e;
        const code = (e as NodeJS.ErrnoException).code;
        if (code !== 'ENOENT' && code !== 'ENOTDIR') throw e;
        const up = dirname(probe);
        if (up === probe || !inside(mount.real, up)) throw new OutsideRoot();
        probe = up;
      }
    }
    return { virtual, real };
  }
}

/** `*` and `?` glob, case-insensitive, on a file name. */
export function globMatch(pattern: string, name: string): boolean {
  const re = new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
    'i',
  );
  return re.test(name);
}

export interface FilePattern {
  path: string;
  allowed_patterns: string[];
  denied_patterns: string[];
}

/**
 * Whether a file name may be read, written or listed at a virtual path: the rule of the longest
 * `path` that contains it applies; denied patterns win; a non-empty allowed list admits only its names.
 */
export function fileAllowed(patterns: FilePattern[], virtualPath: string): boolean {
  const dir = posix.dirname(virtualPath).toLowerCase();
  const name = posix.basename(virtualPath);
  let best: FilePattern | undefined;
  for (const p of patterns) {
    const pp = p.path.replace(/\/+$/, '').toLowerCase() || '/';
    const covers = pp === '/' || dir === pp || dir.startsWith(`${pp}/`);
    if (covers && (!best || pp.length > (best.path.replace(/\/+$/, '') || '/').length)) best = p;
  }
  if (!best) return true;
  if (best.denied_patterns.some((g) => globMatch(g, name))) return false;
  return best.allowed_patterns.length === 0 || best.allowed_patterns.some((g) => globMatch(g, name));
}
