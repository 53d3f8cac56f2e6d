import { completeFreeDayHeader, type FreeDayTemplate, type freeDayGrid, freeDayHeaderProblem } from '@smartport/contract';
import type { GridSaveHooks } from '../../grid/grid-hooks';
import type { AuthUser } from '../../http/context';
import { badRequest } from '../../http/errors';
import { scopeTerminals } from '../../security/terminal-scope';
import {
  billableReeferHours,
  type FreeDayAnswer,
  type FreeDayQuery,
  freeDaysFor,
  type ReeferQuery,
  type ReeferRule,
  reeferRuleFor,
} from './storage-rules';
import type { StorageRulesRepository } from './storage-rules.repository';

/**
 * Free-day templates and rules, reefer rules (spec 03 §2.4, §4, §5): the save checks each rule's header in the spec's
 * order with its messages, stores it complete (dates to whole port days, customer *, the template's Name made from the
 * header) before the grid service saves the rows (terminal scope, unique key). The tariff engine asks `freeDaysFor`,
 * `reeferRuleFor` and `billableReeferHours`.
 */
export function createStorageRulesService(deps: { repo: StorageRulesRepository }) {
  const { repo } = deps;
  return {
    async templates(user: AuthUser, filter: { TerminalCode?: string | undefined }): Promise<FreeDayTemplate[]> {
      return repo.templates(scopeTerminals(user, filter.TerminalCode ?? null));
    },

    /**
     * Spec 03 §7 'common/updateFreeDayList', the free-day grid's save hook: rules with their header merged, refused whole
     * at the first problem, saved with the header complete.
     */
    freeDayHooks: {
      beforeSave: (rows) =>
        rows.map((row) => {
          const problem = freeDayHeaderProblem(row);
          if (problem) throw badRequest(problem);
          return { ...row, ...completeFreeDayHeader(row) };
        }),
    } satisfies GridSaveHooks<typeof freeDayGrid>,

    /** The free days of a container (the most specific rule valid at `q.at`), or null. */
    async freeDaysFor(q: FreeDayQuery): Promise<FreeDayAnswer | null> {
      return freeDaysFor(await repo.freeDayRulesAt(q.terminal.toUpperCase(), q.at), q);
    },

    /** The reefer rule for an operator and payment type at a moment, or null. */
    async reeferRuleFor(q: ReeferQuery): Promise<ReeferRule | null> {
      return reeferRuleFor(await repo.reeferRulesAt(q.terminal.toUpperCase(), q.at), q);
    },

    /** The billable hours of one plug-in period under the rule valid at plug-in; null when no rule applies. */
    async reeferHours(q: Omit<ReeferQuery, 'at'> & { plugIn: Date; plugOut: Date }): Promise<{ hours: number; ruleId: string } | null> {
      const rule = await this.reeferRuleFor({ ...q, at: q.plugIn });
      return rule ? { hours: billableReeferHours(q.plugIn, q.plugOut, rule), ruleId: rule.ruleId } : null;
    },
  };
}
export type StorageRulesService = ReturnType<typeof createStorageRulesService>;
