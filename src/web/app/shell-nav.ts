import { Images, LayoutDashboard, Package, WandSparkles } from 'lucide-react';

/** The top bar's main links (docs/product/spec-part-1.md §2), shared by the bar and the phone menu. */
export const PRIMARY_NAV = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/generate', label: 'Generate Images', icon: WandSparkles },
  { to: '/gallery', label: 'Gallery', icon: Images },
  { to: '/packs', label: 'Packs', icon: Package },
] as const;
