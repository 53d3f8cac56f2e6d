import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * AG Grid's own texts (overlays, paging, screen-reader labels, editor checks), one table per language.
 * Every AG Grid of the portal takes its `localeText` from here (useGridLocaleText), so no English text of
 * the grid reaches the screen. A new language adds one table with the same keys (a unit test checks them)
 * and its name in `GridLanguage`; VALUE is AG Grid's placeholder for the values it fills in.
 */
/** AG Grid's placeholder for a value it fills in. */
const VALUE = ['$', '{variable}'].join('');

const vi = {
  // Overlays
  noRowsToShow: 'Không có dữ liệu',
  noMatchingRows: 'Không có dòng nào khớp với nội dung tìm kiếm',
  loadingOoo: 'Đang tải…',
  loadingError: 'Lỗi tải dữ liệu',
  exportingOoo: 'Đang xuất…',
  // Paging
  page: 'Trang',
  of: '/',
  to: '-',
  more: 'nhiều',
  firstPage: 'Trang đầu',
  previousPage: 'Trang trước',
  nextPage: 'Trang sau',
  lastPage: 'Trang cuối',
  pageSizeSelectorLabel: 'Số dòng mỗi trang:',
  ariaPageSizeSelectorLabel: 'Số dòng mỗi trang',
  pageLastRowUnknown: '?',
  // Numbers and values
  thousandSeparator: '.',
  decimalSeparator: ',',
  blanks: '(Trống)',
  invalidDate: 'Ngày không hợp lệ',
  invalidNumber: 'Số không hợp lệ',
  invalidBigInt: 'Số nguyên lớn không hợp lệ',
  invalidSelectionValidation: 'Lựa chọn không hợp lệ.',
  maxLengthValidation: `Tối đa ${VALUE} ký tự.`,
  minValueValidation: `Giá trị phải từ ${VALUE} trở lên.`,
  maxValueValidation: `Giá trị phải từ ${VALUE} trở xuống.`,
  minDateValidation: `Ngày phải từ ${VALUE} trở về sau.`,
  maxDateValidation: `Ngày phải từ ${VALUE} trở về trước.`,
  tooltipValidationErrorSeparator: '. ',
  dateFormatOoo: 'dd/mm/yyyy',
  // Row dragging and file drop (not used today; kept so a new feature shows no English)
  rowDragRow: 'dòng',
  rowDragRows: 'dòng',
  fileInputOverlay: 'Kéo thả tệp vào đây để nhập dữ liệu',
  fileInputOverlayBrowse: 'Chọn tệp',
  fileInputProcessing: 'Đang xử lý tệp…',
  fileInputProcessingFailed: 'Không xử lý được tệp',
  andCondition: 'VÀ',
  orCondition: 'HOẶC',
  // Screen-reader labels
  ariaChecked: 'đã chọn',
  ariaUnchecked: 'chưa chọn',
  ariaIndeterminate: 'chọn một phần',
  ariaRowSelect: 'Nhấn phím cách để chọn dòng này',
  ariaRowDeselect: 'Nhấn phím cách để bỏ chọn dòng này',
  ariaRowToggleSelection: 'Nhấn phím cách để chọn hoặc bỏ chọn dòng',
  ariaRowSelectAll: 'Nhấn phím cách để chọn hoặc bỏ chọn tất cả',
  ariaRowSelectionDisabled: 'Không thể chọn dòng này',
  ariaRowIndex: `Dòng ${VALUE}`,
  ariaToggleCellValue: 'Nhấn phím cách để đổi giá trị',
  ariaInputEditor: 'Ô nhập liệu',
  ariaLabelSelectField: 'Chọn giá trị',
  ariaLabelInputClear: 'Xóa',
  ariaLabelTooltip: 'Chú thích',
  ariaHeaderSelection: 'Chọn tất cả các dòng',
  ariaSortableColumn: 'Nhấn Enter để sắp xếp',
  ariaSortableColumnWithCellSelection: 'Nhấn Alt Enter để sắp xếp',
  ariaColumnCellSelection: 'Nhấn Ctrl Space để chọn tất cả ô của cột',
  ariaColumnGroupExpansion: 'Nhấn Enter để mở rộng hoặc thu gọn nhóm cột',
  ariaColumnFiltered: 'Cột đang lọc',
  ariaMenuColumn: 'Nhấn Alt mũi tên xuống để mở menu cột',
  ariaFilterColumn: 'Nhấn Ctrl Enter để mở bộ lọc',
  ariaLabelColumnMenu: 'Menu cột',
  ariaLabelColumnFilter: 'Bộ lọc cột',
  ariaFilterMenuOpen: 'Mở menu lọc',
  ariaFilterInput: 'Ô lọc',
  ariaFilterValue: 'Giá trị lọc',
  ariaFilterFromValue: 'Lọc từ giá trị',
  ariaFilterToValue: 'Lọc đến giá trị',
  ariaFilteringOperator: 'Phép lọc',
  ariaDateFilterInput: 'Ô lọc ngày',
  ariaCalculatedColumn: 'Cột tính toán',
  ariaColumnShowValuesAs: 'Hiển thị giá trị dưới dạng',
  ariaHasNote: 'Ô này có ghi chú.',
  ariaPendingChange: 'Thay đổi chưa lưu',
  ariaValidationErrorPrefix: 'Kiểm tra ô nhập',
  ariaFullRowValidationError: `Kiểm tra cả dòng: ${VALUE}`,
  ariaSkeletonCellLoading: 'Đang tải dữ liệu dòng',
  ariaSkeletonCellLoadingFailed: 'Không tải được dòng',
  ariaDeferSkeletonCellLoading: 'Đang tải ô',
} as const;

export type GridLocaleKey = keyof typeof vi;
export type GridLocaleText = Record<GridLocaleKey, string>;

/** The grid's languages, keyed as i18next names them ('en' joins here with its table). */
export const gridLocales = { vi } satisfies Record<string, GridLocaleText>;
export type GridLanguage = keyof typeof gridLocales;
export const defaultGridLanguage: GridLanguage = 'vi';

/** The grid texts of a language (the default language's for one the grid does not have), with a screen's own overrides. */
export function gridLocaleText(language: string, overrides?: Partial<GridLocaleText>): GridLocaleText {
  const base: GridLocaleText = language in gridLocales ? gridLocales[language as GridLanguage] : gridLocales[defaultGridLanguage];
  return overrides ? { ...base, ...overrides } : base;
}

/** `localeText` for an AG Grid in the page's language; `emptyText` replaces 'Không có dữ liệu' (e.g. before the first query). */
export function useGridLocaleText(emptyText?: string): GridLocaleText {
  const { i18n } = useTranslation();
  return useMemo(() => gridLocaleText(i18n.language, emptyText ? { noRowsToShow: emptyText } : undefined), [i18n.language, emptyText]);
}
