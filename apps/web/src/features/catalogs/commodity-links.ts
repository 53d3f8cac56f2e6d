/** The commodity screen's left panel: job modes with the commodity codes linked to each (ConfigList). */
export interface JobModeLinks {
  JobModeCode: string;
  JobModeName: string;
  ConfigList: string[];
}

/** Links changed here and not saved yet, by job-mode code (these job modes are the edited ones). */
export type EditedLinks = Readonly<Record<string, readonly string[]>>;

/** The commodities linked to a job mode as the user sees them: the unsaved edit if any, else as loaded. */
export function linkedCodes(jobModes: readonly JobModeLinks[], edited: EditedLinks, code: string | null): ReadonlySet<string> {
  if (!code) return new Set();
  return new Set(edited[code] ?? jobModes.find((j) => j.JobModeCode === code)?.ConfigList ?? []);
}

/**
 * Spec 03 §4: ticking or unticking a commodity toggles its link to the selected job mode and marks
 * that job mode edited.
 */
export function toggleLink(
  jobModes: readonly JobModeLinks[],
  edited: EditedLinks,
  code: string,
  commodity: string,
  linked: boolean,
): EditedLinks {
  const current = linkedCodes(jobModes, edited, code);
  const next = new Set(current);
  if (linked) next.add(commodity);
  else next.delete(commodity);
  const loaded = new Set(jobModes.find((j) => j.JobModeCode === code)?.ConfigList ?? []);
  const { [code]: _previous, ...others } = edited;
  // Back to what was loaded: the job mode is no longer edited (as a grid row whose edit is undone).
  if (next.size === loaded.size && [...next].every((c) => loaded.has(c))) return others;
  return { ...others, [code]: [...next].sort() };
}

/** What 'Lưu cài đặt' sends to `common/updateConfigStuffUnstuffList`: job-mode code → commodity codes, edited ones only. */
export function linksToSave(edited: EditedLinks): Record<string, string[]> {
  return Object.fromEntries(Object.entries(edited).map(([code, list]) => [code, [...list]]));
}
