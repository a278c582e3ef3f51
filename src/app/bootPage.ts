// The inline boot script's entry (vite.config.ts bootScript bundles it into index.html): boot()
// with the data the build wrote into the page just before it.
import { boot } from './boot';
import { BOOT_DATA_ID, type BootData } from './bootData';

boot(JSON.parse(document.getElementById(BOOT_DATA_ID)!.textContent!) as BootData);
