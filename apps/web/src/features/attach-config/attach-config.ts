/** The attached-order screen's state rules (spec 03 §4 'Attached config'), kept apart from React so they are tested alone. */

/** A job option of the left grid as loaded: its attached services for the scope shown (ConfigList). */
export interface AttachJobMode {
  JobModeCode: string;
  JobModeName: string;
  ConfigList: readonly { AttachServiceCode: string; IsFixed: boolean }[];
}

/** A job option's attached services as the user sees them: service code → charged by default (IsFixed). */
export type AttachTicks = ReadonlyMap<string, boolean>;

/** Unsaved changes by job-mode code (these job options are the edited ones), each its whole list of ticks. */
export type EditedAttach = Readonly<Record<string, Readonly<Record<string, boolean>>>>;

/** The scope of the screen (spec 03 §3: each * by default). */
export interface AttachScopeValues {
  OperationCode: string;
  VesselKey: string;
  CustomerCode: string;
  IsLocalForeign: '*' | 'L' | 'F';
}
export const allScope: AttachScopeValues = { OperationCode: '*', VesselKey: '*', CustomerCode: '*', IsLocalForeign: '*' };

const loadedTicks = (jobModes: readonly AttachJobMode[], code: string): Record<string, boolean> =>
  Object.fromEntries((jobModes.find((j) => j.JobModeCode === code)?.ConfigList ?? []).map((i) => [i.AttachServiceCode, i.IsFixed]));

/** Spec 03 §4: choosing a job option shows its attached items ticked (its unsaved edit if any, else as loaded). */
export function ticksOf(jobModes: readonly AttachJobMode[], edited: EditedAttach, code: string | null): AttachTicks {
  if (!code) return new Map();
  return new Map(Object.entries(edited[code] ?? loadedTicks(jobModes, code)));
}

function withTicks(jobModes: readonly AttachJobMode[], edited: EditedAttach, code: string, next: Record<string, boolean>): EditedAttach {
  const loaded = loadedTicks(jobModes, code);
  const { [code]: _previous, ...others } = edited;
  const same = Object.keys(next).length === Object.keys(loaded).length && Object.entries(next).every(([s, fixed]) => loaded[s] === fixed);
  // Back to what was loaded: the job option is no longer edited.
  return same ? others : { ...others, [code]: next };
}

/**
 * Spec 03 §4: ticking a service attaches it (default charge off, now changeable); unticking detaches it and clears its
 * default charge. Either marks the selected job option edited.
 */
export function tickService(
  jobModes: readonly AttachJobMode[],
  edited: EditedAttach,
  code: string,
  service: string,
  ticked: boolean,
): EditedAttach {
  const next = Object.fromEntries(ticksOf(jobModes, edited, code));
  if (ticked) next[service] = next[service] ?? false;
  else delete next[service];
  return withTicks(jobModes, edited, code, next);
}

/** The default-charge box of a ticked service; an unticked one has none (its box is disabled). */
export function setFixed(
  jobModes: readonly AttachJobMode[],
  edited: EditedAttach,
  code: string,
  service: string,
  fixed: boolean,
): EditedAttach {
  const next = Object.fromEntries(ticksOf(jobModes, edited, code));
  if (!(service in next)) return edited;
  next[service] = fixed;
  return withTicks(jobModes, edited, code, next);
}

/** What 'Lưu' sends to common/updateAttachConfigList: the scope and, per edited job option only, its whole list. */
export function attachSaveBody(scope: AttachScopeValues, terminal: string | null, edited: EditedAttach) {
  return {
    ...scope,
    ...(terminal ? { TerminalCode: terminal } : {}),
    data: Object.fromEntries(
      Object.entries(edited).map(([code, ticks]) => [
        code,
        Object.entries(ticks)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([AttachServiceCode, IsFixed]) => ({ AttachServiceCode, JobModeCode: code, IsFixed })),
      ]),
    ),
  };
}
