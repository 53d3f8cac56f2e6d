import type { CatalogName } from '@smartport/contract';
import type { ModuleHandlers } from '../../http/call-registry';
import type { CustomerFilter } from './catalog.repository';
import type { CatalogService } from './catalog.service';
import type { CommodityLinkService } from './commodity-links.service';
import type { VesselScheduleService } from './vessel-schedule.service';

type Row = Record<string, unknown>;

export function catalogHandlers(
  service: CatalogService,
  links: CommodityLinkService,
  vessels: VesselScheduleService,
): ModuleHandlers<'catalogs'> {
  const get = (name: CatalogName) => async () => ({ success: true, payload: (await service.list(name)) as never[] });
  const update = (name: CatalogName) => async (input: { data: Row[] }) => ({
    success: true,
    message: 'Lưu dữ liệu hoàn tất !',
    payload: (await service.save(name, input.data)) as never[],
  });
  const remove = (name: CatalogName) => async (input: { data: { Rowguid: string }[] }) => {
    await service.delete(
      name,
      input.data.map((r) => r.Rowguid),
    );
    return { success: true, message: 'Xóa dữ liệu hoàn tất !' };
  };
  const shared = (names: CatalogName[]) => async (input: { data: Row[] }) => {
    await service.deleteShared(names, input.data);
    return { success: true, message: 'Xóa dữ liệu hoàn tất !' };
  };
  return {
    getOperationList: get('operation'),
    updateOperationList: update('operation'),
    deleteOperationList: remove('operation'),
    getExchangeList: get('exchange'),
    updateExchangeList: update('exchange'),
    deleteExchangeList: remove('exchange'),
    getPaymentTypeList: get('payment_type'),
    updatePaymentTypeList: update('payment_type'),
    deletePaymentTypeList: remove('payment_type'),
    getContainerStatusList: get('container_status'),
    getCargoTypeList: get('cargo_type'),
    getClassList: get('class'),
    getJobList: get('job'),
    getJobModeList: get('job_mode'),
    updateJobModeList: update('job_mode'),
    deleteJobModeList: remove('job_mode'),
    getMethodList: get('method'),
    updateMethodList: update('method'),
    deleteMethodList: remove('method'),
    getTransitList: get('transit'),
    deleteTransitList: remove('transit'),
    getCommodityList: get('commodity'),
    updateCommodityList: update('commodity'),
    deleteCommodityList: remove('commodity'),
    getCustomerList: async (input) => ({ success: true, payload: (await service.customers(input as CustomerFilter)) as never[] }),
    getCustomerTypeList: async () => ({ success: true, payload: await service.customerTypes() }),
    getCustomerLevelList: async () => ({ success: true, payload: await service.customerLevels() }),
    getJobModeStuffUnstuffList: async (input) => ({ success: true, payload: await links.jobModes(input) }),
    updateConfigStuffUnstuffList: async (input) => {
      await links.save(input);
      return { success: true, message: 'Lưu dữ liệu hoàn tất !' };
    },
    getVesselScheduleList: async (input, ctx) => ({ success: true, payload: await vessels.list(ctx.user, input) }),
    getNotifyList: get('notify'),
    updateNotifyList: update('notify'),
    deleteNotifyList: remove('notify'),
    getActiveNotifyList: async () => ({ success: true, payload: await service.activeNotices() }),
    standardTariffDelete: shared(['customer', 'container_status', 'cargo_type', 'class']),
    commonDelete: shared(['job']),
  };
}
