import type { GridColumn } from '@smartport/contract';
import type { ColDef, RowClassRules, RowStyle } from 'ag-grid-community';
import { displayValue, parseEdit } from './grid-cells';
import { applyEdit, type GridRow } from './grid-rows';

export const ROW_NUMBER_COL = '__stt';

const defaultWidth: Record<GridColumn['type'], number> = { text: 130, number: 130, bool: 96, enum: 160, datetime: 190 };

const cellOf = (row: GridRow | undefined, field: string) => row?.values[field];

interface ColumnOptions {
  editable: boolean;
  rowNumberTitle: string;
  /** A typed value that does not fit its column (the cell keeps its value). */
  onInvalid: (error: unknown) => void;
}

/** AG Grid columns for a grid entry's columns: STT first, then one column per entry column. */
export function gridColumnDefs(columns: readonly GridColumn[], opts: ColumnOptions): ColDef<GridRow>[] {
  const rowNumber: ColDef<GridRow> = {
    colId: ROW_NUMBER_COL,
    headerName: opts.rowNumberTitle,
    width: 72,
    minWidth: 64,
    editable: false,
    cellDataType: false,
    valueGetter: (p) => (p.node?.rowIndex ?? 0) + 1,
    getQuickFilterText: () => '',
    cellStyle: { color: '#667085', textAlign: 'right' },
  };
  return [rowNumber, ...columns.map((c) => columnDef(c, opts))];
}

function columnDef(c: GridColumn, opts: ColumnOptions): ColDef<GridRow> {
  const width = c.width ?? defaultWidth[c.type];
  const base: ColDef<GridRow> = {
    colId: c.field,
    headerName: c.title,
    headerTooltip: c.hint ? `${c.title}: ${c.hint}` : c.title,
    hide: !!c.hidden,
    editable: opts.editable && !c.readOnly,
    cellDataType: false,
    // The grid writes edits into its own row object (no new row data per keystroke, so an editor
    // open in the next cell is never reset); the row's state follows from applyEdit.
    valueSetter: (p) => {
      if (!p.data) return false;
      try {
        const value = parseEdit(p.newValue, c);
        const before = p.data.values[c.field];
        Object.assign(p.data, applyEdit(p.data, c.field, value));
        return before !== value;
      } catch (e) {
        opts.onInvalid(e);
        return false;
      }
    },
    // Long titles wrap instead of being cut.
    wrapHeaderText: true,
    autoHeaderHeight: true,
    // Text columns keep their width and share the spare width in proportion; the others keep theirs.
    // A grid wider than the screen scrolls sideways rather than cutting names short.
    ...(c.type === 'text' ? { flex: width / 100, minWidth: width } : { width, minWidth: Math.min(width, 90) }),
  };
  switch (c.type) {
    case 'bool':
      return {
        ...base,
        valueGetter: (p) => !!cellOf(p.data, c.field),
        cellRenderer: 'agCheckboxCellRenderer',
        cellEditor: 'agCheckboxCellEditor',
        getQuickFilterText: () => '',
        cellStyle: { textAlign: 'center' },
      };
    case 'enum':
      return {
        ...base,
        valueGetter: (p) => displayValue(cellOf(p.data, c.field), c),
        cellEditor: 'agSelectCellEditor',
        cellEditorParams: { values: (c.options ?? []).map((o) => o.label) },
      };
    case 'number':
      // Shown and typed the Vietnamese way ('25.450,5'); read back by the same rules as an import.
      return {
        ...base,
        valueGetter: (p) => displayValue(cellOf(p.data, c.field), c),
        cellEditor: 'agTextCellEditor',
        cellStyle: { textAlign: 'right' },
      };
    case 'datetime':
      // Typed as DD/MM/YYYY HH:mm:ss, the format shown, imported and exported.
      return { ...base, valueGetter: (p) => displayValue(cellOf(p.data, c.field), c), cellEditor: 'agTextCellEditor' };
    default:
      return { ...base, valueGetter: (p) => cellOf(p.data, c.field) ?? '', cellEditor: 'agTextCellEditor' };
  }
}

/** Row classes by state (for styling hooks and tests), and the coloured left edge that shows it. */
export const rowClassRules: RowClassRules<GridRow> = {
  'sp-row-new': (p) => p.data?.state === 'new',
  'sp-row-edited': (p) => p.data?.state === 'edited',
};

export function rowStyleFor(row: GridRow | undefined, colors: { new: string; edited: string }): RowStyle | undefined {
  if (row?.state === 'new') return { boxShadow: `inset 4px 0 0 ${colors.new}` };
  if (row?.state === 'edited') return { boxShadow: `inset 4px 0 0 ${colors.edited}` };
  return { boxShadow: 'none' };
}
