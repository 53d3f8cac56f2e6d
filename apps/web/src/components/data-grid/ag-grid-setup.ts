import {
  CellStyleModule,
  CheckboxEditorModule,
  ClientSideRowModelApiModule,
  ClientSideRowModelModule,
  enableDevValidations,
  LocaleModule,
  ModuleRegistry,
  PaginationModule,
  QuickFilterModule,
  RenderApiModule,
  RowApiModule,
  RowAutoHeightModule,
  RowSelectionModule,
  RowStyleModule,
  ScrollApiModule,
  SelectEditorModule,
  TextEditorModule,
  themeQuartz,
} from 'ag-grid-community';

// Only what the editable grids use; imported by the grid's own (lazy) chunk, never by the shell.
ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  ClientSideRowModelApiModule,
  TextEditorModule,
  CheckboxEditorModule,
  SelectEditorModule,
  RowSelectionModule,
  QuickFilterModule,
  LocaleModule,
  CellStyleModule,
  RowStyleModule,
  RenderApiModule,
  RowApiModule,
  ScrollApiModule,
  PaginationModule,
  // Rows that grow with a wrapped cell (the read-only grid's click-to-expand texts).
  RowAutoHeightModule,
]);
if (import.meta.env.DEV) enableDevValidations();

/** The Theming API's Quartz, in the portal's colours and antd's font and density. */
export const gridTheme = themeQuartz.withParams({
  accentColor: '#0b63b6',
  fontFamily: 'inherit',
  fontSize: 13,
  headerFontSize: 13,
  headerFontWeight: 600,
  headerBackgroundColor: '#f0f5fb',
  spacing: 6,
  rowHeight: 36,
  headerHeight: 38,
  wrapperBorderRadius: 6,
  selectedRowBackgroundColor: '#dbeafe',
});

/** Row-state colours: the grid's left border and the legend use the same ones. */
export const rowStateColors = { new: '#16a34a', edited: '#d97706', selected: '#2563eb' } as const;
