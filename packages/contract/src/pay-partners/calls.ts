import { gridCallTable } from '../grid/resource';
import { payPartnerGrid } from './pay-partners';

/** The payment partner grid: the server derives its handlers from this list. */
export const payPartnersGrids = [payPartnerGrid] as const;

/** `calls.payPartners`. */
export const payPartnersCalls = { ...gridCallTable(...payPartnersGrids) } as const;
