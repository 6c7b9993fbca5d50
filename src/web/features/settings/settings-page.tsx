import { lazy, Suspense, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Bell, Fingerprint, KeyRound, Lock, ShieldAlert, User } from 'lucide-react';
import { usePageTitle } from '@web/lib/use-page-title';
import { PageHeader } from '@web/components/ui/page-header';
import { SETTINGS_HEADER } from './page-headers';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useUser } from '@web/lib/session';
import { FullPageSpinner } from '@web/components/ui/spinner';
import { ProfileTab } from './components/profile-tab';
import { SecurityTab } from './components/security-tab';
import { SettingsHeader } from './components/settings-header';

// The tabs' panels are chunks of their own (route-level splitting, one level down): a panel loads
// when its tab is opened (docs/decisions/054-frontend-performance.md).
const ContentTab = lazy(() => import('./components/content-tab').then((m) => ({ default: m.ContentTab })));
const PrivacyTab = lazy(() => import('./components/privacy-tab').then((m) => ({ default: m.PrivacyTab })));
const NotificationsTab = lazy(() =>
  import('./components/notifications-tab').then((m) => ({ default: m.NotificationsTab })),
);
const ApiKeysTab = lazy(() => import('./components/api-keys-tab').then((m) => ({ default: m.ApiKeysTab })));

function LazyTabContent({ value, children }: { value: Tab; children: ReactNode }) {
  return (
    <TabsContent value={value}>
      <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>
    </TabsContent>
  );
}

const TABS = [
  { value: 'profile', label: 'Profile', icon: User },
  { value: 'security', label: 'Security', icon: Lock },
  { value: 'content', label: 'Content', icon: ShieldAlert },
  { value: 'notifications', label: 'Notifications', icon: Bell },
  { value: 'privacy', label: 'Privacy', icon: Fingerprint },
  { value: 'api-keys', label: 'API Keys', icon: KeyRound },
] as const;
type Tab = (typeof TABS)[number]['value'];

export function SettingsPage() {
  usePageTitle(SETTINGS_HEADER.title);
  const { user } = useUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: Tab = TABS.find((t) => t.value === requested)?.value ?? 'profile';
  if (!user) return null;

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader {...SETTINGS_HEADER} />
      <SettingsHeader user={user} />
      <Tabs
        value={tab}
        // Keeping the tab in the URL lets a link open e.g. the Security tab directly.
        onValueChange={(value) =>
          setSearchParams(value === 'profile' ? {} : { tab: value }, { replace: true })
        }
      >
        <TabsList
          aria-label="Settings sections"
          className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:h-10 sm:w-auto"
        >
          {TABS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value}>
              <Icon aria-hidden="true" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="profile">
          <ProfileTab user={user} />
        </TabsContent>
        <TabsContent value="security">
          <SecurityTab />
        </TabsContent>
        <LazyTabContent value="content">
          <ContentTab user={user} />
        </LazyTabContent>
        <LazyTabContent value="notifications">
          <NotificationsTab />
        </LazyTabContent>
        <LazyTabContent value="privacy">
          <PrivacyTab />
        </LazyTabContent>
        <LazyTabContent value="api-keys">
          <ApiKeysTab />
        </LazyTabContent>
      </Tabs>
    </div>
  );
}
