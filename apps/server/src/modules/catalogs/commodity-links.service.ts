import { badRequest } from '../../http/errors';
import type { CommodityLinkRepository } from './commodity-links.repository';

/** The commodity screen: which commodities each stuffing/unstuffing job mode accepts. */
export function createCommodityLinkService(repo: CommodityLinkRepository) {
  return {
    jobModes(filter: { IsCFSStuff?: unknown; IsCFSUnstuff?: unknown }) {
      return repo.jobModes(filter.IsCFSStuff !== undefined, filter.IsCFSUnstuff !== undefined);
    },

    /** Replaces the links of every job mode named in `links`, in one transaction. */
    async save(links: Record<string, string[]>) {
      const modes = Object.keys(links).map((c) => c.toUpperCase());
      if (!modes.length) return;
      const known = await repo.stuffUnstuffModes(modes);
      const badMode = modes.find((c) => !known.includes(c));
      if (badMode) throw badRequest(`Phương án "${badMode}" không phải phương án đóng/rút hàng.`);
      const wanted = [
        ...new Set(
          Object.values(links)
            .flat()
            .map((c) => c.toUpperCase()),
        ),
      ];
      const have = await repo.existingCommodities(wanted);
      const missing = wanted.find((c) => !have.includes(c));
      if (missing) throw badRequest(`Mặt hàng "${missing}" không có trong danh mục.`);
      const rows = Object.entries(links).flatMap(([mode, list]) =>
        [...new Set(list.map((c) => c.toUpperCase()))].map((CommodityCode) => ({ JobModeCode: mode.toUpperCase(), CommodityCode })),
      );
      await repo.replaceLinks(modes, rows);
    },
  };
}
export type CommodityLinkService = ReturnType<typeof createCommodityLinkService>;
