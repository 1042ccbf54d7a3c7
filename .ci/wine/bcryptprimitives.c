/* A stand-in for Windows' bcryptprimitives.dll, which Wine 8 lacks and Rust's standard
 * library imports for its random numbers (ProcessPrng, Windows 10 and later). It fills
 * the buffer from RtlGenRandom, which Wine has (advapi32's SystemFunction036).
 * Built by .ci/windows with mingw-w64 and put into the Wine prefix; never shipped. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
