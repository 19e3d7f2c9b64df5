// Spanish: ../en/embed.ts
import type { embedText } from "../en/embed";
import type { Translation } from "../../i18n/translation";

export default {
  embed: {
    openCalendar: "Abrir el calendario completo",
    fallbackLink: "{game} en Runboard",
    control: "Insertar este calendario",
    controlHint: "Pega este código en una página de tu web. Muestra este calendario con los filtros elegidos aquí y se actualiza en directo.",
    themeLabel: "Colores",
    themes: { auto: "Según la configuración del visitante", light: "Claro", dark: "Oscuro" },
    snippetLabel: "Código para insertar",
    copy: "Copiar código",
    copied: "Código copiado",
    copyFailed: "No se pudo copiar: selecciona el código y cópialo",
  },
} satisfies Translation<typeof embedText>;
