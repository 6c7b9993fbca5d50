import { useNavigate, useSearchParams } from 'react-router';
import { FileText, Images, LifeBuoy, Mail, Package, Palette, ShieldOff, Upload } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { PageHeader } from '@web/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useUser } from '@web/lib/session';
import { usePageTitle } from '@web/lib/use-page-title';
import { AuditTab } from './audit/audit-tab';
import { AdminCharts } from './dashboard/charts/admin-charts';
import { StatCards } from './dashboard/stat-cards';
import { ModelsTab } from './models/models-tab';
import { SalesTab } from './sales/sales-tab';
import { StylesTab } from './styles/styles-tab';
import { SystemTab } from './system/system-tab';
import { ThemeTab } from './theme/theme-tab';
import { TokensTab } from './tokens/tokens-tab';
import { UsersTab } from './users/users-tab';
import { ButtonLink } from '@web/components/ui/button-link';

const TABS = [
  { value: 'users', label: 'Users' },
  { value: 'models', label: 'Models' },
  { value: 'styles', label: 'Preset Styles' },
  { value: 'theme', label: 'Theme' },
  { value: 'tokens', label: 'Token Packages' },
  { value: 'sales', label: 'Sales' },
  { value: 'support', label: 'Support' },
  { value: 'uploadsLogs', label: 'Upload Logs' },
  // operator view (jobs, failures, worker heartbeats, engines), beyond the spec's tabs
  { value: 'system', label: 'System' },
  // who changed what (docs/decisions/027-admin-audit-log.md)
  { value: 'audit', label: 'Audit log' },
] as const;

// These two tabs are whole pages of their own (docs/product/spec-part-2.md §2).
const NAVIGATING: Record<string, string> = { support: '/admin/support', uploadsLogs: '/admin/upload-logs' };

const LINKS = [
  { to: '/admin/image-gallery', label: 'Image Gallery', icon: Images },
  { to: '/admin/support', label: 'Support Tickets', icon: LifeBuoy },
  { to: '/admin/upload-logs', label: 'Upload Logs', icon: Upload },
  { to: '/admin/preset-styles/create', label: 'Create Style', icon: Palette },
  { to: '/admin/outbox', label: 'Mail Outbox', icon: Mail },
  { to: '/admin/packs', label: 'Photo Packs', icon: Package },
];

function AccessDenied() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-16">
      <Card className="w-full text-center">
        <CardHeader className="items-center">
          <ShieldOff className="mx-auto size-10 text-destructive-text" aria-hidden="true" />
          <CardTitle className="text-2xl">Access Denied</CardTitle>
          <CardDescription>You don't have permission to access the admin dashboard.</CardDescription>
        </CardHeader>
        <CardContent>
          <ButtonLink to="/">Return to Home</ButtonLink>
        </CardContent>
      </Card>
    </div>
  );
}

export function AdminPage() {
  usePageTitle('Admin Dashboard');
  const { user } = useUser();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  if (!user) return null;
  if (!user.isAdmin) return <AccessDenied />;

  const requested = params.get('tab');
  const tab = TABS.some((t) => t.value === requested && !NAVIGATING[t.value]) ? requested! : 'users';

  function onTab(value: string) {
    if (NAVIGATING[value]) {
      navigate(NAVIGATING[value]);
      return;
    }
    setParams(value === 'users' ? {} : { tab: value }, { replace: true });
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title="Admin Dashboard"
        description="Manage users, models, styles, packages and site settings."
      />
      <nav aria-label="Admin pages" className="flex flex-wrap gap-2">
        {LINKS.map(({ to, label, icon }) => (
          <ButtonLink key={to} variant="outline" size="sm" to={to} icon={icon}>
            {label}
          </ButtonLink>
        ))}
      </nav>
      <StatCards />
      <AdminCharts />
      {/* manual: arrowing across the tabs must not jump to the Support or Upload Logs pages */}
      <Tabs value={tab} onValueChange={onTab} activationMode="manual">
        <TabsList className="w-full sm:w-auto">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.value === 'uploadsLogs' ? <FileText aria-hidden="true" /> : null}
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="users">
          <UsersTab />
        </TabsContent>
        <TabsContent value="models">
          <ModelsTab />
        </TabsContent>
        <TabsContent value="styles">
          <StylesTab />
        </TabsContent>
        <TabsContent value="theme">
          <ThemeTab />
        </TabsContent>
        <TabsContent value="tokens">
          <TokensTab />
        </TabsContent>
        <TabsContent value="sales">
          <SalesTab />
        </TabsContent>
        <TabsContent value="system">
          <SystemTab />
        </TabsContent>
        <TabsContent value="audit">
          <AuditTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
