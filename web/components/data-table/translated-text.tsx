import { useTranslation } from 'react-i18next';

/** A translated header for column definitions kept at module scope: it follows language changes. */
export function TranslatedText({ text }: { text: string }) {
  const { t } = useTranslation();
  return <>{t(text)}</>;
}

export const translatedHeader = (text: string) => () => <TranslatedText text={text} />;
