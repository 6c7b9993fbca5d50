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

function LazyTab({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>;
}

const TABS = ['profile', 'security', 'content', 'notifications', 'privacy', 'api-keys'] as const;
type Tab = (typeof TABS)[number];

export function SettingsPage() {
  usePageTitle(SETTINGS_HEADER.title);
  const { user } = useUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(requested ?? '') ? (requested as Tab) : 'profile';
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
          <TabsTrigger value="profile">
            <User aria-hidden="true" />
            Profile
          </TabsTrigger>
          <TabsTrigger value="security">
            <Lock aria-hidden="true" />
            Security
          </TabsTrigger>
          <TabsTrigger value="content">
            <ShieldAlert aria-hidden="true" />
            Content
          </TabsTrigger>
          <TabsTrigger value="notifications">
            <Bell aria-hidden="true" />
            Notifications
          </TabsTrigger>
          <TabsTrigger value="privacy">
            <Fingerprint aria-hidden="true" />
            Privacy
          </TabsTrigger>
          <TabsTrigger value="api-keys">
            <KeyRound aria-hidden="true" />
            API Keys
          </TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          <ProfileTab user={user} />
        </TabsContent>
        <TabsContent value="security">
          <SecurityTab />
        </TabsContent>
        <TabsContent value="content">
          <LazyTab>
            <ContentTab user={user} />
          </LazyTab>
        </TabsContent>
        <TabsContent value="notifications">
          <LazyTab>
            <NotificationsTab />
          </LazyTab>
        </TabsContent>
        <TabsContent value="privacy">
          <LazyTab>
            <PrivacyTab />
          </LazyTab>
        </TabsContent>
        <TabsContent value="api-keys">
          <LazyTab>
            <ApiKeysTab />
          </LazyTab>
        </TabsContent>
      </Tabs>
    </div>
  );
}
