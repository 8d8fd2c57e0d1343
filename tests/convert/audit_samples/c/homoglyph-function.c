#include <stdio.h>

void sayHello(void) { printf("Hello, World!\n"); }
void sayНello(void) { printf("Goodbye, World!\n"); }

int main(void) {
    sayНello();
    return 0;
}
