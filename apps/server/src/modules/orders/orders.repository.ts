import { eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { customers, jobModes, orderContainers, orders, terminals, vesselVoyages } from '../../db/schema';

export function createOrdersRepository(db: Db) {
  return {
    async orderWithContainers(orderNo: string) {
      const [order] = await db
        .select({
          OrderNo: orders.OrderNo,
          PinCode: orders.PinCode,
          TerminalCode: orders.TerminalCode,
          TerminalName: terminals.TerminalName,
          JobModeCode: orders.JobModeCode,
          JobModeName: jobModes.JobModeName,
          OrderStatus: orders.OrderStatus,
          CustomerName: customers.CustomerName,
          OperationCode: orders.OperationCode,
          VesselName: vesselVoyages.VesselName,
          VesselImVoy: vesselVoyages.VesselImVoy,
          VesselExVoy: vesselVoyages.VesselExVoy,
          BookingNo: orders.BookingNo,
          BLNo: orders.BLNo,
          ExpDate: orders.ExpDate,
          CreatedTime: orders.CreatedTime,
          TotalAmount: orders.TotalAmount,
          CurrencyCode: orders.CurrencyCode,
        })
        .from(orders)
        .innerJoin(terminals, eq(terminals.TerminalCode, orders.TerminalCode))
        .leftJoin(jobModes, eq(jobModes.JobModeCode, orders.JobModeCode))
        .leftJoin(customers, eq(customers.CustomerCode, orders.CustomerCode))
        .leftJoin(vesselVoyages, eq(vesselVoyages.VesselKey, orders.VesselKey))
        .where(eq(orders.OrderNo, orderNo))
        .limit(1);
      if (!order) return null;
      const containers = await db
        .select({
          ContainerNo: orderContainers.ContainerNo,
          IsoSizetype: orderContainers.IsoSizetype,
          FE: orderContainers.FE,
          CargoTypeCode: orderContainers.CargoTypeCode,
          SealNo: orderContainers.SealNo,
          MCWeight: orderContainers.MCWeight,
          // The yard block of its visit at the order's terminal (the open one, else the latest): its release point.
          Block: sql<string | null>`(select p.block from port_containers p
            where p.terminal_code = ${order.TerminalCode} and p.container_no = order_containers.container_no
            order by (p.date_out is null) desc, p.date_in desc limit 1)`,
        })
        .from(orderContainers)
        .where(eq(orderContainers.OrderNo, orderNo))
        .orderBy(orderContainers.ContainerNo);
      return { order, containers };
    },

    /**
     * Unpaid orders past their expiry are marked expired (`expired_unpaid_at` = the expiry), a few thousand per run: the
     * statistics' triggers take them out of the figures in the same statement. Answers how many.
     */
    async expireUnpaid(limit = 5000): Promise<number> {
      const r = await db.execute(sql`update orders set expired_unpaid_at = exp_date
        where order_no in (select order_no from orders where order_status = 'A' and expired_unpaid_at is null and exp_date <= now()
                           order by exp_date limit ${limit})
          and order_status = 'A' and expired_unpaid_at is null
        returning 1`);
      return rowsOf(r).length;
    },
  };
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
