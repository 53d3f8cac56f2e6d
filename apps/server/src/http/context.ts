export interface AuthUser {
  UserID: string;
  UserName: string;
  UserGroupCode: string;
  UserGroupName: string;
  Rank: number;
  /** Terminals this user may see (spec 01 §6: TerminalCode list). */
  terminals: string[];
  CustomerCode: string | null;
  /** The shipping line the user acts for (its eDOs, containers and orders); null or absent for others. */
  OperationCode?: string | null;
  Email: string | null;
  grants: ReadonlySet<string>;
  jti: string;
}

export interface CallContext {
  user: AuthUser | null;
  ip: string;
  token: string | null;
  /** The browser's User-Agent header (sessions and login history show it). */
  userAgent?: string | undefined;
}

/** The context of a call that needs a signed-in user (the registry guarantees it). */
export interface SignedInContext extends CallContext {
  user: AuthUser;
}
