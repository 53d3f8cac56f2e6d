import type { Outcome } from '../outcome';

/**
 * The service answered but did not do it (success false): a config text that does not parse, a user
 * that exists. `detail` is its output or error, which the administration screens show.
 */
export type FileTransferRejected = { ok: false; failure: 'rejected'; detail?: string };
/** The service refused the portal's key (401/403): a configuration fault, not the user's. */
export type FileTransferKeyRefused = { ok: false; failure: 'key_refused' };

export type FileTransferAnswer<T> = Outcome<T> | FileTransferRejected | FileTransferKeyRefused;

/** An account as the service keeps it (never its password). */
export interface FileTransferAccount {
  username: string;
  description: 'OPR' | 'IT' | '*';
  home_dir: string;
  virtual_folders: { virtual_path: string }[];
  filters: { allowed_ip: string[]; file_patterns: { path: string; allowed_patterns: string[]; denied_patterns: string[] }[] };
  terminal_list: string[];
  additional_info: string;
}

/** What the portal sends to create or change an account (no password on update = keep it). */
export interface FileTransferAccountInput {
  username: string;
  password?: string | undefined;
  description: 'OPR' | 'IT' | '*';
  allowed_list: string[];
  terminal_list: string[];
  additional_info?: string | undefined;
}

/** What the service says about itself: its SFTP address, host key fingerprint, guessing limits and locks. */
export interface FileTransferStatus {
  fingerprint: string;
  sftp_host: string;
  sftp_port: number;
  settings: {
    max_failures: number;
    failure_window_seconds: number;
    lock_seconds: number;
    delay_base_ms: number;
    delay_max_ms: number;
  };
  locks: { kind: 'account' | 'address'; key: string; failures: number; locked_until: string }[];
}

export type FileTransferAuditKind =
  | 'login_ok'
  | 'login_failed'
  | 'login_locked'
  | 'address_refused'
  | 'upload'
  | 'download'
  | 'delete'
  | 'unlock';

/** One line of the service's audit log. */
export interface FileTransferAuditRecord {
  time: string;
  kind: FileTransferAuditKind;
  username: string;
  address: string;
  path?: string | undefined;
  bytes?: number | undefined;
  detail?: string | undefined;
}

export interface FileTransferAuditFilter {
  /** ISO times. */
  from?: string;
  to?: string;
  username?: string;
  address?: string;
  kind?: FileTransferAuditKind[];
  limit?: number;
}

/**
 * The port: the file-transfer (SFTP) service's control API (DESIGN.md §2, spec 03 §7): its one
 * config text, reloading it, and its accounts.
 */
export interface FileTransferControl {
  /** /read: the config text. */
  readConfig(): Promise<FileTransferAnswer<{ text: string }>>;
  /** /write: replaces the config text (refused when it does not parse). */
  writeConfig(text: string): Promise<FileTransferAnswer<{ output: string | null }>>;
  /** /restart: reloads the config; the service's output for the result dialog. */
  restart(): Promise<FileTransferAnswer<{ output: string }>>;
  /** /create_user: an account with a password. */
  createUser(user: string, password: string): Promise<FileTransferAnswer<{ output: string | null }>>;
  /** The accounts. */
  listAccounts(): Promise<FileTransferAnswer<{ accounts: FileTransferAccount[] }>>;
  createAccount(account: FileTransferAccountInput): Promise<FileTransferAnswer<{ output: string | null }>>;
  updateAccount(account: FileTransferAccountInput): Promise<FileTransferAnswer<{ output: string | null }>>;
  /** Removes the login; the account's files stay. */
  deleteAccount(username: string): Promise<FileTransferAnswer<{ output: string | null }>>;
  /** /security/status. */
  status(): Promise<FileTransferAnswer<FileTransferStatus>>;
  /** /security/unlock: ends the account's guessing lock. */
  unlock(username: string): Promise<FileTransferAnswer<{ output: string | null }>>;
  /** /audit/list: newest first; `truncated` when more matched than the limit. */
  audit(filter: FileTransferAuditFilter): Promise<FileTransferAnswer<{ records: FileTransferAuditRecord[]; truncated: boolean }>>;
}
