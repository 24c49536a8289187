import type { SvgIconComponent } from '@mui/icons-material';
import HistoryIcon from '@mui/icons-material/History';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import HomeIcon from '@mui/icons-material/Home';
import InboxIcon from '@mui/icons-material/Inbox';
import PeopleIcon from '@mui/icons-material/People';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SchoolIcon from '@mui/icons-material/School';
import SettingsIcon from '@mui/icons-material/Settings';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import GroupsIcon from '@mui/icons-material/Groups';
import SmsIcon from '@mui/icons-material/Sms';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import BadgeIcon from '@mui/icons-material/Badge';
import WorkIcon from '@mui/icons-material/Work';
import InsightsIcon from '@mui/icons-material/Insights';
import HelpIcon from '@mui/icons-material/Help';
import { PANEL_PAGES, type PanelPageKey } from '../menu';

/** The side menu's icon of each panel page: apart from the page table, which the public pages load too. */
export const PANEL_PAGE_ICONS = {
  home: HomeIcon,
  inbox: InboxIcon,
  courses: MenuBookIcon,
  logs: HistoryIcon,
  users: PeopleIcon,
  settings: SettingsIcon,
  students: SchoolIcon,
  studentRegister: PersonAddIcon,
  // an icon the menu loads anyway: a page out of the menu must not add to the panel's first load
  studentImport: SchoolIcon,
  studentEdit: SchoolIcon,
  studentDetail: SchoolIcon,
  attendances: FactCheckIcon,
  attendanceAdd: FactCheckIcon,
  attendanceEdit: FactCheckIcon,
  attendanceDetail: FactCheckIcon,
  accounting: AccountBalanceWalletIcon,
  statistics: InsightsIcon,
  groups: GroupsIcon,
  sms: SmsIcon,
  schedules: CalendarMonthIcon,
  instructors: BadgeIcon,
  employees: WorkIcon,
  help: HelpIcon,
} satisfies Record<PanelPageKey, SvgIconComponent>;

const ICON_BY_PATH = new Map<string, SvgIconComponent>(
  (Object.keys(PANEL_PAGES) as PanelPageKey[]).map((key) => [PANEL_PAGES[key].path, PANEL_PAGE_ICONS[key]]),
);

/** The icon of the page at this path (none for a path outside the page table). */
export function pageIcon(path: string): SvgIconComponent | undefined {
  return ICON_BY_PATH.get(path);
}
