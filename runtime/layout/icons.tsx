/**
 * Menu icons by the names page definitions use (antd v4-style kebab names, e.g. "team").
 * A fixed map instead of `import * as Icons` keeps the shell from shipping every icon.
 */
import type { ComponentType } from 'react';
import {
  AccountBookOutlined, ApartmentOutlined, AppstoreOutlined, AuditOutlined, BankOutlined, BarChartOutlined,
  CarOutlined, CloudServerOutlined, ContainerOutlined, DashboardOutlined, DatabaseOutlined, DollarOutlined,
  EnvironmentOutlined, FileTextOutlined, FormOutlined, GlobalOutlined, HomeOutlined, InboxOutlined,
  LineChartOutlined, MessageOutlined, PieChartOutlined, ProjectOutlined, SettingOutlined, ShopOutlined,
  SolutionOutlined, TeamOutlined, ToolOutlined, UserOutlined, WalletOutlined, FundOutlined, CalculatorOutlined,
  ScheduleOutlined, NodeIndexOutlined, ProfileOutlined,
} from '@ant-design/icons';

const icons: Record<string, ComponentType> = {
  'account-book': AccountBookOutlined, apartment: ApartmentOutlined, appstore: AppstoreOutlined, audit: AuditOutlined,
  bank: BankOutlined, 'bar-chart': BarChartOutlined, car: CarOutlined, 'cloud-server': CloudServerOutlined,
  container: ContainerOutlined, dashboard: DashboardOutlined, database: DatabaseOutlined, dollar: DollarOutlined,
  environment: EnvironmentOutlined, 'file-text': FileTextOutlined, form: FormOutlined, global: GlobalOutlined,
  home: HomeOutlined, inbox: InboxOutlined, 'line-chart': LineChartOutlined, message: MessageOutlined,
  'pie-chart': PieChartOutlined, project: ProjectOutlined, setting: SettingOutlined, shop: ShopOutlined,
  solution: SolutionOutlined, team: TeamOutlined, tool: ToolOutlined, user: UserOutlined, wallet: WalletOutlined,
  fund: FundOutlined, calculator: CalculatorOutlined, schedule: ScheduleOutlined, 'node-index': NodeIndexOutlined,
  profile: ProfileOutlined,
};

/** Accepts "team", "TeamOutlined" or "Team". */
export function menuIcon(name?: string) {
  if (!name) return undefined;
  const key = name
    .replace(/Outlined$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
  const Icon = icons[key] ?? AppstoreOutlined;
  return <Icon />;
}
