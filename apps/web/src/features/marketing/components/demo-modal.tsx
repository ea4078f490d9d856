import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';

/** Demo video of our own dashboard, served from /media (no outside host). Loaded only when opened. */
export function DemoModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('marketing');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('landing.demo.title')}
      description={t('landing.demo.description')}
      closeLabel={t('landing.demo.close')}
      size="2xl"
    >
      <video
        className="aspect-video w-full rounded-lg bg-slate-900"
        src="/media/dashboard-demo.webm"
        poster="/media/dashboard.webp"
        controls
        autoPlay
        muted
        playsInline
        width={1280}
        height={720}
        data-testid="demo-video"
      >
        {t('landing.demo.unsupported')}
      </video>
    </Dialog>
  );
}
