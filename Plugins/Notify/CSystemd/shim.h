#pragma once
// sd-bus from libsystemd (Debian: libsystemd-dev). Swift calls only its non-variadic functions.
#include <systemd/sd-bus.h>
