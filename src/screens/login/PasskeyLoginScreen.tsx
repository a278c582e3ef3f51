export default function PasskeyLoginScreen() { return null; }
