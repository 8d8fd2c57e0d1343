#include <cstdio>

void sayHello() { printf("Hello, World!\n"); }
void sayНello() { printf("Goodbye, World!\n"); }

int main() {
    sayНello();
    return 0;
}
