// What TypeScript knows of a `.vue` file (tsc does not read them; @vitejs/plugin-vue compiles them).
declare module "*.vue" {
  import type { DefineComponent } from "vue";

  const component: DefineComponent;
  export default component;
}
