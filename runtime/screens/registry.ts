/** Screens that must be code, registered by the name a page's `component` gives. Each is its own chunk. */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageDef } from '../router/types';

export interface ScreenProps {
  page: PageDef;
  /** the route's parameters (and the address's query) */
  params?: Record<string, string>;
}

type Screen = LazyExoticComponent<ComponentType<ScreenProps>>;

export const screens: Record<string, Screen> = {
  Login: lazy(() => import('./login/LoginScreen')),
  NotFound: lazy(() => import('./NotFound')),
  Unauthorized: lazy(() => import('./Unauthorized')),
  Dashboard: lazy(() => import('./Dashboard')),
  // The application shell's own screens (issue 3).
  Guide: lazy(() => import('./shell/Guide')),
  Workbench: lazy(() => import('./shell/Workbench')),
  DailyRoutine: lazy(() => import('./shell/DailyRoutine')),
  Kanban: lazy(() => import('./shell/Kanban')),
  KanbanPortal: lazy(() => import('./shell/Kanban')),
  SsoLogin: lazy(() => import('./shell/SsoLogin')),
  AuthRedirect: lazy(() => import('./shell/AuthRedirect')),
  Redirect: lazy(() => import('./shell/Redirect')),
  ProfileIndex: lazy(() => import('./profile/ProfileIndex')),
  EnquiryQuoteMessage: lazy(() => import('../../pages/business/clue/EnquiryQuoteMessage')),
  FormDesigner: lazy(() => import('../../pages/designer/DesignerScreen')),
  FormView: lazy(() => import('../../pages/designer/ViewScreen')),
  // 合同打印 (issue 9): an A4 page the browser prints.
  ContractPrint: lazy(() => import('../../pages/print/ContractPrint')),
  // 系统管理 (issue 10): screens a definition can't draw.
  HolidayCalendar: lazy(() => import('../../pages/system/HolidayCalendar')),
  DataImport: lazy(() => import('../../pages/system/DataImport')),
  // 在途车辆 (issue 9): maps and playback over the offline map of China.
  TruckLocationTrack: lazy(() => import('../../pages/truck-track/LocationTrack')),
  TruckTravelTrack: lazy(() => import('../../pages/truck-track/TravelTrack')),
  TruckTravelTrackByDate: lazy(() => import('../../pages/truck-track/TravelTrackByDate')),
  TruckDashboard: lazy(() => import('../../pages/truck-track/TruckDashboard')),
};
