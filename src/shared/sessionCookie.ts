// The session cookie's name: the auth service sets it, the session plugin and the public
// pages' cache read it, the API reference names it.
export const SESSION_COOKIE = "runboard_session";
