import {
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BookOutlined,
  BugOutlined,
  BuildOutlined,
  CalendarOutlined,
  CloudOutlined,
  ClusterOutlined,
  CodeOutlined,
  ContainerOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DeleteOutlined,
  DeploymentUnitOutlined,
  DesktopOutlined,
  EditOutlined,
  ExperimentOutlined,
  FileDoneOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FolderOutlined,
  FormOutlined,
  FundOutlined,
  GiftOutlined,
  GlobalOutlined,
  HomeOutlined,
  IdcardOutlined,
  KeyOutlined,
  LinkOutlined,
  LockOutlined,
  MailOutlined,
  MenuOutlined,
  MessageOutlined,
  MonitorOutlined,
  NodeIndexOutlined,
  NotificationOutlined,
  PartitionOutlined,
  PieChartOutlined,
  PlusOutlined,
  ProfileOutlined,
  ProjectOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  SolutionOutlined,
  TeamOutlined,
  ToolOutlined,
  UnorderedListOutlined,
  UserOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * Menu `source` names (Ant Design icon names in kebab case, as the server stores them, or Saber-style
 * `iconfont icon-<name>`) mapped to @ant-design/icons. Unknown or empty names get the default menu icon.
 */
const ICONS: Record<string, ComponentType> = {
  apartment: ApartmentOutlined,
  api: ApiOutlined,
  appstore: AppstoreOutlined,
  audit: AuditOutlined,
  bank: BankOutlined,
  'bar-chart': BarChartOutlined,
  book: BookOutlined,
  bug: BugOutlined,
  build: BuildOutlined,
  calendar: CalendarOutlined,
  cloud: CloudOutlined,
  cluster: ClusterOutlined,
  code: CodeOutlined,
  container: ContainerOutlined,
  dashboard: DashboardOutlined,
  database: DatabaseOutlined,
  delete: DeleteOutlined,
  'deployment-unit': DeploymentUnitOutlined,
  desktop: DesktopOutlined,
  edit: EditOutlined,
  experiment: ExperimentOutlined,
  'file-done': FileDoneOutlined,
  'file-search': FileSearchOutlined,
  'file-text': FileTextOutlined,
  folder: FolderOutlined,
  form: FormOutlined,
  fund: FundOutlined,
  gift: GiftOutlined,
  global: GlobalOutlined,
  home: HomeOutlined,
  idcard: IdcardOutlined,
  key: KeyOutlined,
  link: LinkOutlined,
  lock: LockOutlined,
  mail: MailOutlined,
  menu: MenuOutlined,
  message: MessageOutlined,
  monitor: MonitorOutlined,
  'node-index': NodeIndexOutlined,
  notification: NotificationOutlined,
  partition: PartitionOutlined,
  'pie-chart': PieChartOutlined,
  plus: PlusOutlined,
  profile: ProfileOutlined,
  project: ProjectOutlined,
  read: ReadOutlined,
  safety: SafetyOutlined,
  'safety-certificate': SafetyCertificateOutlined,
  setting: SettingOutlined,
  shop: ShopOutlined,
  solution: SolutionOutlined,
  team: TeamOutlined,
  tool: ToolOutlined,
  'unordered-list': UnorderedListOutlined,
  user: UserOutlined,
  'user-switch': UserSwitchOutlined,
  // Saber / BladeX names met in menu data.
  'icon-caidan': MenuOutlined,
  'icon-shujuzhanshi2': DashboardOutlined,
  'icon-rizhi': FileSearchOutlined,
  'icon-setting': SettingOutlined,
  'icon-yonghu': UserOutlined,
  'icon-tuisongguanli': NotificationOutlined,
};

export const DEFAULT_MENU_ICON: ComponentType = AppstoreOutlined;

/** The icon names a menu's `source` can choose from (the icon picker's choices), without the Saber aliases. */
export const MENU_ICON_NAMES: readonly string[] = Object.keys(ICONS).filter(
  (name) => !name.startsWith('icon-'),
);

/** The icon component of a menu `source`; the default icon when unknown. */
export function menuIconOf(source: string | undefined | null): ComponentType {
  const name = (source ?? '')
    .trim()
    .split(/\s+/)
    .at(-1)!
    .replace(/Outlined$|Filled$|TwoTone$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
  return ICONS[name] ?? ICONS[name.replace(/^icon-/, '')] ?? DEFAULT_MENU_ICON;
}

/** An image address a menu may carry as its icon (absolute URL or data URI), drawn as an image. */
const IMAGE_SOURCE = /^(?:https?:\/\/|data:image\/)/i;

export function MenuIcon({ source }: { source: string | undefined | null }) {
  const trimmed = (source ?? '').trim();
  if (IMAGE_SOURCE.test(trimmed))
    return (
      <img src={trimmed} alt="" width={14} height={14} className="anticon" style={{ objectFit: 'contain' }} />
    );
  const Icon = menuIconOf(trimmed);
  return <Icon />;
}
