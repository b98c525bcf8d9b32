/**
 * The inline script that tells the server the browser's time zone: it stores
 * Intl's zone in the `tz` cookie when it changed (rendered by
 * app/components/time-zone-cookie.tsx). A constant, so the
 * Content-Security-Policy allows it by its hash (security-headers.server.ts).
 */
export const TIME_ZONE_SCRIPT =
  'try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone;if(z&&document.cookie.indexOf("tz="+encodeURIComponent(z))<0)document.cookie="tz="+encodeURIComponent(z)+";path=/;max-age=31536000;samesite=lax"}catch(e){}';
