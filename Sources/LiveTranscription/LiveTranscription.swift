// The reference stack arrives with issue 5; this file keeps the target buildable until then.
