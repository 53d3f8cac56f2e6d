/**
 * The upload store (DESIGN.md §1): where files users upload are kept, behind a port so a portal
 * can keep them in a local folder (default) or an object store (S3-compatible, later) without a
 * module knowing which. Customs declarations use it now; the administration's request images will
 * use their own store over a subfolder (or key prefix), with their own policy and caps.
 *
 * Files live in folders named by a uuid (`isFolderId`) under names that passed `checkFileName`: a
 * store refuses anything else, so no name can reach outside its folder whatever the caller forgot.
 */
export interface UploadStore {
  /** Writes (or replaces) `name` in `folder`, creating the folder; refused over the store's caps. */
  write(folder: string, name: string, data: Uint8Array): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  read(folder: string, name: string): Promise<Buffer | null>;
  remove(folder: string, name: string): Promise<void>;
  /** The folder's files with their sizes (empty for a folder never written). */
  list(folder: string): Promise<StoredUpload[]>;
  /** Removes the folder and everything in it (abandoned uploads). */
  removeFolder(folder: string): Promise<void>;
}

export interface StoredUpload {
  name: string;
  size: number;
}

/** What one store accepts at most; the services check first with their own messages, the store holds the line. */
export interface UploadCaps {
  /** Largest single file. */
  maxFileBytes: number;
  /** Largest total of one folder. */
  maxFolderBytes: number;
}
