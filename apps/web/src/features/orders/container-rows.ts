import {
  type CheckedContainer,
  containerNoProblem,
  type GridColumn,
  isoSizetypeProblem,
  isReeferSizetype,
  normalizeContainerNo,
  type OrderContainerInput,
  type OrderTypeDef,
  weightProblem,
} from '@smartport/contract';

/** One row of the container grid (step 2): what the user typed, then what the checks said. */
export interface ContainerRow {
  id: string;
  ContainerNo: string;
  IsoSizetype: string;
  FE: 'F' | 'E' | null;
  CargoTypeCode: string | null;
  IsLocalForeign: 'L' | 'F' | null;
  Commodity: string | null;
  MCWeight: number | null;
  SealNo: string | null;
  POD: string | null;
  Temperature: number | null;
  Vent: string | null;
  Class: string | null;
  Unno: string | null;
  OogTop: number | null;
  OogLeft: number | null;
  OogRight: number | null;
  OogBack: number | null;
  OogFront: number | null;
  /** Reefer plug hours the customer expects (reefers worked in the yard: stuffing, unstuffing, services). */
  PlugHours: number | null;
  /** Problems (red, block the next step): the client's at once, the server's after its check. */
  problems: string[];
  /** Notes that do not block (the server's, e.g. the IMO alert). */
  notes: string[];
  /** The server checked the row as it is now. */
  checked: boolean;
  /** The port holds the container: its yard-recorded fields are the yard's, shown read-only (`yardFields`). */
  fromYard: boolean;
}

export type ContainerField = Exclude<keyof ContainerRow, 'id' | 'problems' | 'notes' | 'checked' | 'fromYard'>;

/** What the yard's record decides for a container the port holds (the server refuses a typed value that differs). */
export const yardFields: ReadonlySet<ContainerField> = new Set(['IsoSizetype', 'FE', 'CargoTypeCode']);

/** Cargo types that bring their own columns (spec 02 §3 cargo extras). */
const reeferCargo = 'RF';
const dangerousCargo = 'DG';
const outOfGaugeCargo = 'OG';

export const extraFields = {
  [reeferCargo]: ['Temperature', 'Vent'],
  [dangerousCargo]: ['Class', 'Unno'],
  [outOfGaugeCargo]: ['OogTop', 'OogLeft', 'OogRight', 'OogBack', 'OogFront'],
} as const satisfies Record<string, readonly ContainerField[]>;

/** The grid's columns, also the Excel template's titles and the import's headers. */
export const containerColumns: readonly (GridColumn & { field: ContainerField })[] = [
  { field: 'ContainerNo', title: 'Số container', type: 'text', width: 140 },
  { field: 'IsoSizetype', title: 'Kích cỡ ISO', type: 'text', width: 100 },
  { field: 'FE', title: 'Hàng/Rỗng', type: 'text', width: 95 },
  { field: 'CargoTypeCode', title: 'Loại hàng', type: 'text', width: 110 },
  { field: 'IsLocalForeign', title: 'Nội/Ngoại', type: 'text', width: 90 },
  { field: 'Commodity', title: 'Mặt hàng', type: 'text', width: 150 },
  { field: 'MCWeight', title: 'Trọng lượng (kg)', type: 'number', width: 120 },
  { field: 'SealNo', title: 'Số seal', type: 'text', width: 110 },
  { field: 'POD', title: 'Cảng dỡ', type: 'text', width: 90 },
  { field: 'Temperature', title: 'Nhiệt độ (°C)', type: 'number', width: 110 },
  { field: 'Vent', title: 'Thông gió', type: 'text', width: 100 },
  { field: 'Class', title: 'Class', type: 'text', width: 80 },
  { field: 'Unno', title: 'UN No', type: 'text', width: 90 },
  { field: 'OogTop', title: 'Quá khổ trên (cm)', type: 'number', width: 120 },
  { field: 'OogLeft', title: 'Quá khổ trái (cm)', type: 'number', width: 120 },
  { field: 'OogRight', title: 'Quá khổ phải (cm)', type: 'number', width: 120 },
  { field: 'OogBack', title: 'Quá khổ sau (cm)', type: 'number', width: 120 },
  { field: 'OogFront', title: 'Quá khổ trước (cm)', type: 'number', width: 125 },
  { field: 'PlugHours', title: 'Giờ cắm điện lạnh', type: 'number', width: 130 },
];

const numberFields = new Set<ContainerField>([
  'MCWeight',
  'Temperature',
  'OogTop',
  'OogLeft',
  'OogRight',
  'OogBack',
  'OogFront',
  'PlugHours',
]);

let nextId = 0;
const newId = () => `c${Date.now().toString(36)}-${(nextId++).toString(36)}`;

/** A fresh row with the type's defaults: full or empty as the type says, cargo type by it. */
export function newContainerRow(type: OrderTypeDef, values: Partial<Record<ContainerField, unknown>> = {}): ContainerRow {
  const FE = type.FE === '*' ? null : type.FE;
  const row: ContainerRow = {
    id: newId(),
    ContainerNo: '',
    IsoSizetype: '',
    FE,
    CargoTypeCode: null,
    IsLocalForeign: null,
    Commodity: null,
    MCWeight: null,
    SealNo: null,
    POD: null,
    Temperature: null,
    Vent: null,
    Class: null,
    Unno: null,
    OogTop: null,
    OogLeft: null,
    OogRight: null,
    OogBack: null,
    OogFront: null,
    PlugHours: null,
    problems: [],
    notes: [],
    checked: false,
    fromYard: false,
  };
  for (const [field, value] of Object.entries(values)) setField(row, field as ContainerField, value);
  return row;
}

/** Writes a typed, pasted or imported value into a row as its column expects it. */
export function setField(row: ContainerRow, field: ContainerField, value: unknown) {
  const text = value == null ? '' : String(value).trim();
  const target = row as unknown as Record<string, unknown>;
  if (numberFields.has(field)) {
    const n = Number(text.replace(',', '.'));
    target[field] = text === '' || Number.isNaN(n) ? null : n;
  } else if (field === 'ContainerNo') row.ContainerNo = normalizeContainerNo(text);
  else if (field === 'IsoSizetype') row.IsoSizetype = text.toUpperCase();
  else if (field === 'FE') row.FE = /^(F|HÀNG|FULL)$/i.test(text) ? 'F' : /^(E|RỖNG|EMPTY)$/i.test(text) ? 'E' : null;
  else if (field === 'IsLocalForeign') row.IsLocalForeign = /^(L|NỘI)$/i.test(text) ? 'L' : /^(F|NGOẠI)$/i.test(text) ? 'F' : null;
  else if (field === 'CargoTypeCode') row.CargoTypeCode = text ? text.toUpperCase() : null;
  else target[field] = text || null;
}

/**
 * Client checks of each row, at once while typing (ISO 6346 number and size type, duplicates); 'Dòng N: ' as the
 * server words it. A container leaving or worked in the yard may have its size left blank: the yard knows it.
 */
export function clientProblems(type: OrderTypeDef, rows: readonly ContainerRow[]): string[][] {
  const seen = new Map<string, number>();
  return rows.map((row, i) => {
    const n = i + 1;
    const problems: string[] = [];
    const noProblem = containerNoProblem(row.ContainerNo);
    if (noProblem) problems.push(`Dòng ${n}: ${noProblem}`);
    else {
      const first = seen.get(row.ContainerNo);
      if (first) problems.push(`Dòng ${n}: Số container "${row.ContainerNo}" trùng với dòng ${first}`);
      else seen.set(row.ContainerNo, n);
    }
    if (row.IsoSizetype || type.direction === 'in') {
      const sizeProblem = isoSizetypeProblem(row.IsoSizetype);
      if (sizeProblem) problems.push(`Dòng ${n}: ${sizeProblem}`);
    }
    // The contract's bounds, the same the server checks (kg, per size).
    const weight = weightProblem(row);
    if (weight) problems.push(`Dòng ${n}: ${weight}`);
    return problems;
  });
}

/** Rows with the client's problems; a row the server checked keeps the server's (its checks include ours). */
export function withClientChecks(type: OrderTypeDef, rows: readonly ContainerRow[]): ContainerRow[] {
  const problems = clientProblems(type, rows);
  return rows.map((row, i) => (row.checked ? row : { ...row, problems: problems[i] ?? [], notes: [] }));
}

export function toContainerInput(row: ContainerRow): OrderContainerInput {
  return {
    ContainerNo: row.ContainerNo,
    IsoSizetype: row.IsoSizetype,
    FE: row.FE,
    CargoTypeCode: row.CargoTypeCode,
    IsLocalForeign: row.IsLocalForeign,
    Commodity: row.Commodity,
    MCWeight: row.MCWeight,
    SealNo: row.SealNo,
    POL: null,
    POD: row.POD,
    FPOD: null,
    Temperature: row.Temperature,
    Vent: row.Vent,
    VentUnit: null,
    Class: row.Class,
    Unno: row.Unno,
    OogTop: row.OogTop,
    OogLeft: row.OogLeft,
    OogRight: row.OogRight,
    OogBack: row.OogBack,
    OogFront: row.OogFront,
    PlugHours: row.PlugHours,
  };
}

/** The server's answer merged into the rows sent (by `Row`, 1-based): normalised values, problems and notes. */
export function applyServerCheck(rows: readonly ContainerRow[], checked: readonly CheckedContainer[]): ContainerRow[] {
  const byRow = new Map(checked.map((c) => [c.Row, c]));
  return rows.map((row, i) => {
    const c = byRow.get(i + 1);
    if (!c) return { ...row, checked: true };
    return {
      ...row,
      ContainerNo: c.ContainerNo || row.ContainerNo,
      IsoSizetype: c.IsoSizetype || row.IsoSizetype,
      FE: c.FE,
      CargoTypeCode: c.CargoTypeCode || row.CargoTypeCode,
      IsLocalForeign: c.IsLocalForeign,
      problems: c.problems,
      notes: c.notes,
      checked: true,
      fromYard: c.FromYard,
    };
  });
}

/** Columns shown for the type and the rows' cargo types: the extras only when a row needs them. */
export function shownFields(type: OrderTypeDef, rows: readonly ContainerRow[]): ContainerField[] {
  const cargo = new Set(rows.map((r) => r.CargoTypeCode));
  const fields: ContainerField[] = ['ContainerNo', 'IsoSizetype'];
  if (type.FE === '*') fields.push('FE');
  fields.push('CargoTypeCode', 'IsLocalForeign', 'Commodity', 'MCWeight', 'SealNo');
  if (type.direction === 'in') fields.push('POD');
  for (const [code, extras] of Object.entries(extraFields)) if (cargo.has(code)) fields.push(...extras);
  // Plug hours are the customer's to say only for a reefer worked in the yard (a pickup's run from its DateIn).
  if (type.direction === 'stay' && rows.some(isReeferRow)) fields.push('PlugHours');
  return fields;
}

/** A reefer by its ISO type group (R) or its cargo type. */
export const isReeferRow = (row: Pick<ContainerRow, 'IsoSizetype' | 'CargoTypeCode'>) =>
  row.CargoTypeCode === reeferCargo || (!isoSizetypeProblem(row.IsoSizetype) && isReeferSizetype(row.IsoSizetype));

/**
 * Rows pasted from a spreadsheet or typed as text: one line per container, cells separated by tabs, ';' or ',';
 * the cells fill the shown columns from the left. A first line of column titles is recognised and skipped.
 */
export function rowsFromText(type: OrderTypeDef, text: string, fields: readonly ContainerField[]): ContainerRow[] {
  const titles = new Set(containerColumns.map((c) => c.title.toLowerCase()));
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => line.split(/\t|;|,/).map((c) => c.trim()))
    .filter((cells) => !titles.has((cells[0] ?? '').toLowerCase()))
    .map((cells) => newContainerRow(type, Object.fromEntries(fields.slice(0, cells.length).map((f, i) => [f, cells[i]]))));
}
