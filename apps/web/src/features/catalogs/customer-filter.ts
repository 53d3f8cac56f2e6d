/** 'All' in the customer filter panel's selects and radios (spec 03 §1: the wildcard * means all). */
export const ALL = '*';

/** What the filter panel holds: selects and radios start at All, texts empty. */
export interface CustomerFilterForm {
  CustomerTypeCode: string;
  CustomerLevelCode: string | number;
  TaxCode: string;
  CustomerName: string;
  MoneyCredit: string;
  IsActive: string;
}

export const initialCustomerFilter: CustomerFilterForm = {
  CustomerTypeCode: ALL,
  CustomerLevelCode: ALL,
  TaxCode: '',
  CustomerName: '',
  MoneyCredit: ALL,
  IsActive: ALL,
};

export interface CustomerListRequest {
  CustomerTypeCode?: string;
  CustomerLevelCode?: number;
  TaxCode?: string;
  CustomerName?: string;
  MoneyCredit?: 'M' | 'C';
  IsActive?: number;
}

const chosen = (v: unknown) => v !== undefined && v !== null && v !== ALL && String(v).trim() !== '';

/** Spec 03 §2.1: a filter set to All (or left blank) is omitted from `common/getCustomerList`. */
export function customerListRequest(form: Partial<CustomerFilterForm>): CustomerListRequest {
  const req: CustomerListRequest = {};
  if (chosen(form.CustomerTypeCode)) req.CustomerTypeCode = String(form.CustomerTypeCode);
  if (chosen(form.CustomerLevelCode)) req.CustomerLevelCode = Number(form.CustomerLevelCode);
  if (chosen(form.TaxCode)) req.TaxCode = String(form.TaxCode).trim();
  if (chosen(form.CustomerName)) req.CustomerName = String(form.CustomerName).trim();
  if (form.MoneyCredit === 'M' || form.MoneyCredit === 'C') req.MoneyCredit = form.MoneyCredit;
  if (form.IsActive === '1' || form.IsActive === '0') req.IsActive = Number(form.IsActive);
  return req;
}
