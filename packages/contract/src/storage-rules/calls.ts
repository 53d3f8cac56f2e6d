import { gridCallTable } from '../grid/resource';
import { freeDayGrid, getFreeDayNameList, reeferConfigGrid } from './storage-rules';

/** The free-day and reefer power grids: the server derives their handlers from this list. */
export const storageRulesGrids = [freeDayGrid, reeferConfigGrid] as const;

/** `calls.storageRules`: the grids' calls and the free-day templates. */
export const storageRulesCalls = { ...gridCallTable(...storageRulesGrids), getFreeDayNameList } as const;
