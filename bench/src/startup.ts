// Cold start: from starting the process to the portal listening, on a new empty database (migrations, catalogues,
// demo users, no orders) and again on the bench's existing database (already migrated and seeded).
import { type BenchContext, startPortal, type Target } from './lib/context';
import { fmtMs, median } from './lib/measure';
import type { BenchRow, RowProvider } from './lib/table';

export const provider: RowProvider = {
  name: 'startup',
  keys: ['cold-start-empty', 'cold-start-existing'],
  async rows(ctx: BenchContext, target: Target): Promise<BenchRow[]> {
    const empty: number[] = [];
    // The smoke run takes the shared portal's first start (an empty database plus a few demo orders) instead.
    await ctx.portal(target);
    const seeding = ctx.seedingStartMs.get(target.name);
    if (ctx.scale.smoke && seeding) empty.push(seeding);
    for (let i = 0; i < (ctx.scale.smoke ? 0 : ctx.scale.runs); i++) {
      const fresh = await target.fresh();
      try {
        const p = await startPortal(fresh.env, { logFile: ctx.logFile(`cold-${target.name}-${i}`) });
        empty.push(p.readyMs);
        await p.stop();
      } finally {
        await fresh.drop();
      }
    }
    // The bench database exists (seeded by the providers before); its shared portal makes way for the restarts.
    await ctx.stopPortal(target);
    const existing: number[] = [];
    for (let i = 0; i < ctx.scale.runs; i++) {
      const p = await startPortal({ ...target.env, SEED_ORDERS: '0' }, { logFile: ctx.logFile(`warm-${target.name}-${i}`) });
      existing.push(p.readyMs);
      await p.stop();
    }
    return [
      {
        key: 'cold-start-empty',
        label: 'Khởi động đến sẵn sàng: CSDL trống (migrate, danh mục, tài khoản demo, không có lệnh)',
        db: target.name,
        figures: `${fmtMs(median(empty))}${seeding ? `; lần đầu kèm ${ctx.scale.orders.toLocaleString('en-US')} lệnh mẫu ${fmtMs(seeding)}` : ''}`,
      },
      {
        key: 'cold-start-existing',
        label: 'Khởi động đến sẵn sàng: CSDL đã có dữ liệu',
        db: target.name,
        figures: fmtMs(median(existing)),
        ratio: `${(median(existing) / median(empty)).toFixed(2)}× trống`,
      },
    ];
  },
};
